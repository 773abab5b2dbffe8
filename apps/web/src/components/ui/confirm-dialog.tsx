import { Trans } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { Button } from './button';
import { ErrorBox } from './error-box';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  /** "Cancel" unless said otherwise. */
  cancelLabel?: ReactNode;
  pending: boolean;
  error: string | undefined;
  onConfirm: () => void;
  /** Shown on the confirm button while it works; "Deleting..." by default. */
  pendingLabel?: ReactNode;
  /** `danger` (the default) for deleting for good; `primary` for a choice that can be undone. */
  confirmVariant?: 'danger' | 'primary';
}

/**
 * Asks before something is deleted for good (or another step worth a second thought, with
 * `confirmVariant="primary"`): an alert dialog (focus moves in and stays, Escape or
 * Cancel closes it and focus returns to the button that opened it). Cancel is focused first, so
 * Enter alone never deletes.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  cancelLabel = <Trans>Cancel</Trans>,
  pending,
  error,
  onConfirm,
  pendingLabel = <Trans>Deleting...</Trans>,
  confirmVariant = 'danger',
}: ConfirmDialogProps) {
  // Opened from a button, not a Dialog.Trigger: focus goes back to whatever opened it.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => pending || onOpenChange(next)}>
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
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-30 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="flex flex-col gap-2 text-slate-700">{children}</div>
          </Dialog.Description>
          {error && <ErrorBox messages={[error]} />}
          <div className="flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={pending}>
                {cancelLabel}
              </Button>
            </Dialog.Close>
            <Button
              variant={confirmVariant}
              disabled={pending}
              aria-busy={pending}
              onClick={onConfirm}
            >
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
