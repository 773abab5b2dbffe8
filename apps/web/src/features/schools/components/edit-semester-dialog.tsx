import { Trans } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import type { SemesterInput, SemesterRecord } from '@wellbank/domain';
import { useRef } from 'react';
import { useFormats } from '@/i18n/formats';
import { SemesterForm } from './semester-form';

interface EditSemesterDialogProps {
  semester: SemesterRecord | undefined;
  onClose: () => void;
  pending: boolean;
  error: string | undefined;
  clearError: () => void;
  onSave: (body: SemesterInput) => void;
}

/**
 * Edits an interval's dates and points needed in a dialog (decision 0031): focus moves in and
 * stays, Escape or Cancel closes it, and focus returns to the Edit button that opened it.
 */
export function EditSemesterDialog({
  semester,
  onClose,
  pending,
  error,
  clearError,
  onSave,
}: EditSemesterDialogProps) {
  const { isoToLocalDate } = useFormats();
  // Opened from a row's Edit button, not a Dialog.Trigger: focus goes back to that button.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root
      open={semester !== undefined}
      onOpenChange={(open) => open || pending || onClose()}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-20 bg-slate-900/50" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement as HTMLElement | null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-30 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold">
            <Trans>Edit interval</Trans>
          </Dialog.Title>
          <Dialog.Description className="text-slate-700">
            <Trans>
              Change the dates or the points needed. Days already logged must stay inside the
              interval.
            </Trans>
          </Dialog.Description>
          {semester && (
            <SemesterForm
              key={semester.id}
              initial={{
                start_date: isoToLocalDate(semester.start_date),
                end_date: isoToLocalDate(semester.end_date),
                points_needed: String(semester.points_needed),
              }}
              pending={pending}
              serverError={error}
              clearServerError={clearError}
              onCancel={onClose}
              onSave={(body) => onSave(body)}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
