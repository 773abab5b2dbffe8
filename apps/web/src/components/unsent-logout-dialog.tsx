import { OFFLINE_MESSAGES, unsentLogoutText } from '@wellbank/domain';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Logout } from '@/lib/logout';

/**
 * Asks before a logout deletes saves the phone could not send (no network): on a shared tablet
 * they must not outlive the logout, but a child should not lose a day's logging by one tap.
 */
export function UnsentLogoutDialog({ logout }: { logout: Logout }) {
  return (
    <ConfirmDialog
      open={logout.unsent > 0}
      onOpenChange={(open) => open || logout.keepUnsent()}
      title={OFFLINE_MESSAGES.unsentLogoutTitle}
      confirmLabel={OFFLINE_MESSAGES.unsentLogoutConfirm}
      cancelLabel={OFFLINE_MESSAGES.unsentLogoutCancel}
      pending={logout.isPending}
      pendingLabel={OFFLINE_MESSAGES.loggingOut}
      error={undefined}
      onConfirm={() => logout.mutate({ discardUnsent: true })}
    >
      <p>{unsentLogoutText(logout.unsent)}</p>
    </ConfirmDialog>
  );
}
