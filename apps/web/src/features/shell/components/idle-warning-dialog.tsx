import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { spokenSecondsLeft } from '@wellbank/domain';
import { Hand } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** "0:45": the visible countdown. */
function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * "Are you still there?" a minute before a shared device's idle sign-out (WCAG 2.2.1, decision
 * 0064): an alert dialog, read out when it opens, with "I'm still here" focused. The visible
 * countdown ticks every second but is a timer (not live); a screen reader hears the time left at
 * 30 and 10 seconds only. Any tap, key or scroll closes it too (`useSharedDeviceIdle`).
 */
export function IdleWarningDialog({
  secondsLeft,
  onStillHere,
}: {
  secondsLeft: number | undefined;
  onStillHere: () => void;
}) {
  const { t } = useLingui();
  const open = secondsLeft !== undefined;
  const spoken = open ? spokenSecondsLeft(secondsLeft) : undefined;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => next || onStillHere()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          role="alertdialog"
          data-testid="idle-warning"
          className="fixed top-1/2 left-1/2 z-50 flex w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-4 rounded-2xl bg-white p-6 text-center shadow-xl"
        >
          <Dialog.Title className="text-2xl font-bold text-slate-900">
            <Trans>Are you still there?</Trans>
          </Dialog.Title>
          <Dialog.Description className="text-lg text-slate-700">
            <Trans>You will be signed out in 1 minute.</Trans>
          </Dialog.Description>
          {open && (
            <p
              role="timer"
              aria-label={t`Time left`}
              className="text-4xl font-bold tabular-nums text-amber-900"
            >
              {clock(secondsLeft)}
            </p>
          )}
          <p aria-live="polite" aria-atomic className="sr-only">
            {spoken !== undefined &&
              t`${plural(spoken, { one: '# second left', other: '# seconds left' })}`}
          </p>
          <Button
            onClick={onStillHere}
            data-testid="still-here"
            className="min-h-16 w-full px-8 text-xl"
          >
            <Hand aria-hidden className="size-6" />
            <Trans>I'm still here</Trans>
          </Button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
