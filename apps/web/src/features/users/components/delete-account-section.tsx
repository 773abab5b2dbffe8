import { Trans, useLingui } from '@lingui/react/macro';
import { DELETION_MESSAGES, hasRole, type SessionRecord } from '@wellbank/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/platform/api-client';
import { useDeleteOwnAccount } from '@/lib/platform/deletion';
import { clearSession } from '@/lib/platform/session';
import { ProfileSection } from './profile-section';

/**
 * /profile "Delete my account" (decision 0022): an adult types their password and confirms; a
 * student reads that their school deletes it (they are children: a parent asks the school).
 */
export function DeleteAccountSection({ user }: { user: SessionRecord }) {
  const { i18n, t } = useLingui();
  const adult =
    hasRole(user, 'staff') || hasRole(user, 'community_member') || hasRole(user, 'guardian');
  return (
    <ProfileSection title={t`Delete my account`}>
      {adult ? (
        <DeleteAccountForm id={user.id} />
      ) : (
        <p className="text-slate-700">{i18n._(DELETION_MESSAGES.studentCannotDeleteSelf)}</p>
      )}
    </ProfileSection>
  );
}

function DeleteAccountForm({ id }: { id: number }) {
  const { i18n, t } = useLingui();
  const remove = useDeleteOwnAccount(id);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  function onConfirm() {
    remove.mutate(password, {
      onSuccess: async () => {
        clearSession();
        const { forgetOfflineData } = await import('@/lib/platform/offline/logout-cleanup');
        await forgetOfflineData(id).catch(() => {});
        // A fresh page load: nothing of the account stays in this tab's memory (shared devices),
        // and no signed-in page is left to redirect to /login first.
        window.location.replace('/account-deleted');
      },
    });
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setMissing(!password);
        if (password) {
          remove.reset();
          setConfirming(true);
        }
      }}
    >
      <p className="text-slate-700">
        <Trans>
          This deletes your account, your team membership and every day you logged, for good. Your
          payments stay on record without your name.
        </Trans>
      </p>
      <TextField
        label={t`Your password`}
        type="password"
        autoComplete="current-password"
        value={password}
        error={missing ? i18n._(DELETION_MESSAGES.passwordRequired) : undefined}
        onChange={(event) => {
          setPassword(event.target.value);
          setMissing(false);
        }}
      />
      <Button type="submit" variant="danger" className="self-start">
        <Trans>Delete my account</Trans>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Delete your account?`}
        confirmLabel={t`Yes, delete my account`}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error) : undefined}
        onConfirm={onConfirm}
      >
        <p>
          <Trans>You will be signed out everywhere, and this cannot be undone.</Trans>
        </p>
      </ConfirmDialog>
    </form>
  );
}
