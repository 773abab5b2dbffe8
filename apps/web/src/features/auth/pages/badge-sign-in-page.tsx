import { Trans, useLingui } from '@lingui/react/macro';
import { badgeTokenFrom } from '@wellbank/domain';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ReadAloud } from '@/components/read-aloud';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/platform/api-client';
import { logout } from '@/lib/platform/logout';
import { clearSession, getSession, sessionFrom, setSession } from '@/lib/platform/session';
import { signInWithBadge } from '../api/badge-sign-in';

/**
 * /badge#{token}: what a badge's QR code opens (issue 34 §3, decision 0065). The token leaves the
 * address at once, so it is in no history entry; whoever was signed in on this device is signed
 * out; the badge's child is signed in (a shared-device session) and sent to the dashboard. A
 * replaced badge says so, with "Read aloud" for a child who cannot read yet.
 */
export function BadgeSignInPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [token, setToken] = useState(() => badgeTokenFrom(window.location.hash));
  const [failure, setFailure] = useState<string>();

  // A second badge opened in this tab (a replaced badge, then its new one) changes only the
  // fragment: no new page load, so the page reads it here.
  useEffect(() => {
    const onHashChange = () => {
      const next = badgeTokenFrom(window.location.hash);
      if (!next) return;
      setFailure(undefined);
      setToken(next);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  useEffect(() => {
    if (!token || !window.location.hash) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }, [token]);

  useEffect(() => {
    if (!token) return;
    let current = true;
    const signIn = async () => {
      // The last child's session ends here, not only when its ten idle minutes are over.
      if (getSession()) {
        await logout();
        clearSession();
      }
      const session = sessionFrom(await signInWithBadge(token));
      if (!current) return;
      setSession(session);
      navigate('/dashboard', { replace: true });
    };
    signIn().catch((error: unknown) => current && setFailure(errorText(error)));
    return () => {
      current = false;
    };
  }, [token, navigate]);

  if (!token) return <Navigate to="/login" replace />;
  if (!failure) return <Spinner label={t`Signing you in...`} />;
  return (
    <Card className="flex flex-col gap-4">
      <ReadAloud />
      <h1 className="text-2xl font-bold">
        <Trans>Your badge did not sign you in</Trans>
      </h1>
      <ErrorBox messages={[failure]} />
      <Link to="/login" replace className={buttonClasses('secondary')}>
        <Trans>Back to login</Trans>
      </Link>
    </Card>
  );
}
