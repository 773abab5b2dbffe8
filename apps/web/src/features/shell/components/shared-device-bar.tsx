import { Trans } from '@lingui/react/macro';
import type { SessionRecord } from '@wellbank/domain';
import { LogOut } from 'lucide-react';
import { useCallback } from 'react';
import { Button } from '@/components/ui/button';
import { UnsentLogoutDialog } from '@/components/unsent-logout-dialog';
import { useLogout } from '@/lib/platform/logout';
import { IdleWarningDialog } from './idle-warning-dialog';
import { useSharedDeviceIdle } from './use-shared-device-idle';

/**
 * A child's bar on a classroom's shared device (decision 0064): "I'm done", always in view, and
 * ten idle minutes, after a minute's warning, sign the child out; the logout sends their unsent
 * saves first (or asks), then deletes what the device kept of them and shows the class again for
 * the next child.
 */
export function SharedDeviceBar({ session }: { session: SessionRecord }) {
  const logout = useLogout();
  const { mutate } = logout;
  const done = useCallback(() => mutate({ discardUnsent: false }), [mutate]);
  const idle = useSharedDeviceIdle(session.id, done);
  const name = session.first_name;
  return (
    <div className="sticky top-[3.75rem] z-10 border-b-2 border-amber-300 bg-amber-50 print:hidden">
      <div className="mx-auto flex max-w-2xl items-center justify-between gap-3 px-4 py-2">
        <p className="font-semibold text-amber-950">
          <Trans>Signed in as {name} on a shared device</Trans>
        </p>
        <Button
          onClick={done}
          disabled={logout.isPending}
          data-testid="im-done"
          className="shrink-0 whitespace-nowrap"
        >
          <LogOut aria-hidden className="size-5" />
          <Trans>I'm done</Trans>
        </Button>
      </div>
      <IdleWarningDialog secondsLeft={idle.secondsLeft} onStillHere={idle.stillHere} />
      <UnsentLogoutDialog logout={logout} />
    </div>
  );
}
