import { useLingui } from '@lingui/react';
import { OFFLINE_MESSAGES, unsentLogoutText } from '@wellbank/domain';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { domainText } from '@/i18n/domain-text';
import type { Logout } from '@/lib/platform/logout';

/**
 * Asks before a logout deletes saves the phone could not send (no network): on a shared tablet
 * they must not outlive the logout, but a child should not lose a day's logging by one tap.
 */
export function UnsentLogoutDialog({ logout }: { logout: Logout }) {
  const { i18n } = useLingui();
  return (
    <ConfirmDialog
      open={logout.unsent > 0}
      onOpenChange={(open) => open || logout.keepUnsent()}
      title={i18n._(OFFLINE_MESSAGES.unsentLogoutTitle)}
      confirmLabel={i18n._(OFFLINE_MESSAGES.unsentLogoutConfirm)}
      cancelLabel={i18n._(OFFLINE_MESSAGES.unsentLogoutCancel)}
      pending={logout.isPending}
      pendingLabel={i18n._(OFFLINE_MESSAGES.loggingOut)}
      error={undefined}
      onConfirm={() => logout.mutate({ discardUnsent: true })}
    >
      {/* A sentence the domain builds from a count; its Spanish is i18n-server's. */}
      <p>{domainText(i18n, unsentLogoutText(logout.unsent))}</p>
    </ConfirmDialog>
  );
}
