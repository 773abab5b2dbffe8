import { errorBodySchema, MESSAGES } from '@wellbank/domain';

const STATUS_BY_CODE = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** A badge voided by a newer one (decision 0065): it existed, and will never work again. */
  gone: 410,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof STATUS_BY_CODE;

/** The one error type services throw; `statusFor` is the one place a code becomes a status. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: AppErrorCode, message: string, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function statusFor(code: AppErrorCode): number {
  return STATUS_BY_CODE[code];
}

export const notFound = () => new AppError('not_found', MESSAGES.notFound);
export const notSignedIn = () => new AppError('unauthorized', MESSAGES.notSignedIn);

/** Response schemas for a route's documented success plus the shared `{error}` body (OpenAPI). */
export function responses<T extends Record<number, unknown>>(success: T) {
  return { ...success, '4xx': errorBodySchema, '5xx': errorBodySchema };
}
