import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import type { SchoolUser, StudentEmailInput } from '@wellbank/domain';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { TextField } from '@/components/ui/text-field';
import { lazyResolver, preloadResolvers } from '@/lib/platform/lazy-resolver';
import { fullName } from '@/lib/platform/session';
import { useClearErrorsOnChange } from '@/lib/platform/use-clear-errors-on-change';

interface AddEmailDialogProps {
  /** The student without e-mail; undefined while closed. */
  student: SchoolUser | undefined;
  onClose: () => void;
  pending: boolean;
  error: string | undefined;
  clearError: () => void;
  onSend: (email: string) => void;
}

/**
 * "Add e-mail" on a student's row without one (decision 0063): the address is mailed a link to
 * choose a password; then the student also signs in with it. Focus moves in and stays, Escape or
 * Cancel closes it, and focus returns to the button that opened it.
 */
export function AddEmailDialog(props: AddEmailDialogProps) {
  const { student, onClose, pending } = props;
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={student !== undefined} onOpenChange={(open) => open || pending || onClose()}>
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
          {student && <AddEmailForm key={student.id} {...props} student={student} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AddEmailForm({
  student,
  onClose,
  pending,
  error,
  clearError,
  onSend,
}: AddEmailDialogProps & { student: SchoolUser }) {
  const { t } = useLingui();
  const name = fullName(student);
  const form = useForm<StudentEmailInput, unknown, { email: string }>({
    resolver: lazyResolver<StudentEmailInput, { email: string }>('studentEmail'),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });
  useClearErrorsOnChange(form, clearError);
  return (
    <>
      <Dialog.Title className="text-xl font-bold">
        <Trans>Add an e-mail address for {name}</Trans>
      </Dialog.Title>
      <Dialog.Description className="text-slate-700">
        <Trans>
          We e-mail this address a link to choose a password (it works for a week). Then {name} can
          also sign in with the address and that password.
        </Trans>
      </Dialog.Description>
      <form
        noValidate
        onFocus={preloadResolvers}
        onSubmit={form.handleSubmit(({ email }) => onSend(email))}
        className="flex flex-col gap-4"
      >
        <TextField
          label={<Trans>E-mail address</Trans>}
          type="email"
          autoComplete="off"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        {error && <ErrorBox messages={[error]} />}
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" disabled={pending} onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? t`Sending...` : t`Send the link`}
          </Button>
        </div>
      </form>
    </>
  );
}
