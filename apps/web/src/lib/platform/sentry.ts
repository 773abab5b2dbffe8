import { scrubErrorReport } from '@wellbank/domain';

const dsn = import.meta.env.VITE_SENTRY_DSN;

/** SPEC.md §8: these are expected, handled failures, not bugs. */
const IGNORED = ['Network Error', 'Request failed with status code 401'];

/** No personal data leaves the browser: no e-mails, names or tokens (issue #13). */
export function sentryOptions(dsn: string) {
  return {
    dsn,
    environment: import.meta.env.MODE,
    ignoreErrors: IGNORED,
    sendDefaultPii: false,
    beforeSend: <T>(event: T) => scrubErrorReport(event),
    beforeBreadcrumb: <T>(breadcrumb: T) => scrubErrorReport(breadcrumb),
  };
}

type SentryModule = typeof import('@sentry/react');
let loading: Promise<SentryModule> | undefined;

/** Loads and starts Sentry only when a DSN is configured, so public pages stay small. */
function sentry(): Promise<SentryModule> | undefined {
  if (!dsn) return undefined;
  loading ??= import('@sentry/react').then((module) => {
    module.init(sentryOptions(dsn));
    return module;
  });
  return loading;
}

export function initErrorReporting(): void {
  void sentry();
}

export function reportError(error: unknown): void {
  if (import.meta.env.DEV) console.error(error);
  void sentry()?.then((module) => module.captureException(error));
}
