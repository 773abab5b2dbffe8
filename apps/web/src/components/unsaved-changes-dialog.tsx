import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { PAST_DAY_TEXTS } from '@wellbank/domain';
import { ConfirmDialog } from './ui/confirm-dialog';

interface UnsavedChangesDialogProps {
  asking: boolean;
  leave: () => void;
  stay: () => void;
}

/** Asks before an entry page's unsaved changes are dropped (lib/platform/unsaved-changes.ts). */
export function UnsavedChangesDialog({ asking, leave, stay }: UnsavedChangesDialogProps) {
  const { i18n } = useLingui();
  return (
    <ConfirmDialog
      open={asking}
      onOpenChange={(open) => open || stay()}
      title={i18n._(PAST_DAY_TEXTS.leaveTitle)}
      confirmLabel={i18n._(PAST_DAY_TEXTS.leaveConfirm)}
      cancelLabel={<Trans>Stay on this page</Trans>}
      pending={false}
      error={undefined}
      onConfirm={leave}
    >
      <p>{i18n._(PAST_DAY_TEXTS.leaveBody)}</p>
    </ConfirmDialog>
  );
}
