import { I18nProvider } from '@lingui/react';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { i18n } from '@/i18n/i18n';
import { useAfterFirstPaint } from '@/lib/platform/after-first-paint';
import { setPaymentRequiredHandler, setUnauthorizedHandler } from '@/lib/platform/api-client';
import { getSession, mergeSession } from '@/lib/platform/session';
import { loginAfterUnauthorized } from '@/lib/platform/session-ended';
import { AppRoutes } from './router';

/**
 * SPEC.md §4: any 401 clears the session (done by the client, which empties the query cache:
 * app/query-client.ts) and goes to /login; which, when it ended a session, says so and returns
 * to the page the user was on after signing in (decision 0037). Any 402 goes to the payment page.
 */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler((sessionEnded, sharedDevice) => {
      // The same address RequireSession goes to once the session is gone, whichever acts last.
      const login = loginAfterUnauthorized(sessionEnded, sharedDevice);
      if (login) void navigate(login, { replace: true });
    });
    setPaymentRequiredHandler(() => void navigate(payForAccess(), { replace: true }));
  }, [navigate]);
  return null;
}

/**
 * A 402 says the server holds a payment gate (SPEC.md §2/§6) that the stored session did not
 * know of: mark it in the session, so the payment page shows its form and the nested pages
 * redirect, and go to the page that takes that payment instead of showing an error.
 */
function payForAccess(): string {
  const isCommunity = getSession()?.roles.includes('community_member') ?? false;
  mergeSession(isCommunity ? { needs_team_payment: true } : { needs_subscription_payment: true });
  return isCommunity ? '/team-donations' : '/subscription-payments';
}

const OfflineLayer = lazy(async () => ({
  default: (await import('./offline/offline-layer')).OfflineLayer,
}));

const PageTitle = lazy(async () => ({ default: (await import('./page-title')).PageTitle }));

/**
 * The service worker and the offline layer (decision 0027) load after the page has painted and
 * loaded, out of every page's first download (decision 0018); at once when the browser starts
 * without a network, since the saved data is what the page then waits for. So does the table of
 * page titles (every route's title in one module): until it comes, the tab says "Wellbank".
 */
function AfterFirstPaint() {
  const ready = useAfterFirstPaint();
  return ready ? (
    <Suspense fallback={null}>
      <PageTitle />
      <OfflineLayer />
    </Suspense>
  ) : null;
}

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <BrowserRouter>
        <UnauthorizedRedirect />
        <AfterFirstPaint />
        <AppRoutes />
      </BrowserRouter>
    </I18nProvider>
  );
}
