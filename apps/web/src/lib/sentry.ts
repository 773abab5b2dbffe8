const dsn = import.meta.env.VITE_SENTRY_DSN;

/** SPEC.md §8: these are expected, handled failures, not bugs. */
const IGNORED = ['Network Error', 'Request failed with status code 401'];

type SentryModule = typeof import('@sentry/react');
let loading: Promise<SentryModule> | undefined;

/** Loads and starts Sentry only when a DSN is configured, so public pages stay small. */
function sentry(): Promise<SentryModule> | undefined {
  if (!dsn) return undefined;
  loading ??= import('@sentry/react').then((module) => {
    module.init({ dsn, environment: import.meta.env.MODE, ignoreErrors: IGNORED });
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
