import { scrubErrorReport } from '@wellbank/domain';

/** The server's Sentry setup: no personal data sent (no request bodies, addresses, tokens). */
export function sentryOptions(dsn: string) {
  return {
    dsn,
    sendDefaultPii: false,
    beforeSend: <T>(event: T) => scrubErrorReport(event),
    beforeBreadcrumb: <T>(breadcrumb: T) => scrubErrorReport(breadcrumb),
  };
}
