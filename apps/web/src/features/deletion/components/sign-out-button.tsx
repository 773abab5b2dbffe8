import { Trans } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { UnsentLogoutDialog } from '@/components/unsent-logout-dialog';
import { useLogout } from '@/lib/platform/logout';

/** The closed school's pages' way out: saves still queued on this device are asked about first. */
export function SignOutButton() {
  const logout = useLogout();
  return (
    <>
      <Button
        variant="secondary"
        disabled={logout.isPending}
        onClick={() => logout.mutate({ discardUnsent: false })}
      >
        <Trans>Sign out</Trans>
      </Button>
      <UnsentLogoutDialog logout={logout} />
    </>
  );
}
