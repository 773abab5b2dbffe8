import { PAST_DAY_TEXTS } from '@wellbank/domain';
import { ConfirmDialog } from './ui/confirm-dialog';

interface UnsavedChangesDialogProps {
  asking: boolean;
  leave: () => void;
  stay: () => void;
}

/** Asks before an entry page's unsaved changes are dropped (lib/unsaved-changes.ts). */
export function UnsavedChangesDialog({ asking, leave, stay }: UnsavedChangesDialogProps) {
  return (
    <ConfirmDialog
      open={asking}
      onOpenChange={(open) => open || stay()}
      title={PAST_DAY_TEXTS.leaveTitle}
      confirmLabel={PAST_DAY_TEXTS.leaveConfirm}
      cancelLabel="Stay on this page"
      pending={false}
      error={undefined}
      onConfirm={leave}
    >
      <p>{PAST_DAY_TEXTS.leaveBody}</p>
    </ConfirmDialog>
  );
}
