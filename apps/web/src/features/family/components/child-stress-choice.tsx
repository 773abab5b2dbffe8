import { Trans, useLingui } from '@lingui/react/macro';
import { type LinkedChild, STRESS_NOTICE } from '@wellbank/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorText } from '@/lib/platform/api-client';
import { fullName } from '@/lib/platform/session';
import { useSetChildStressOptOut } from '../api/family';

/**
 * The family's choice about the stress questions (issue 36 §3, decision 0073): the notice, and
 * opting the child out (their ratings deleted, after a confirm) or back in.
 */
export function ChildStressChoice({ child }: { child: LinkedChild }) {
  const { t, i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const change = useSetChildStressOptOut();
  const name = fullName(child);
  const { school, opted_out: optedOut } = child.stress_check_in;

  if (!school) {
    return (
      <p className="text-sm text-slate-700">
        <Trans>{name}'s school does not ask the stress questions.</Trans>
      </p>
    );
  }
  const setOptedOut = (next: boolean) =>
    change.mutate({ childId: child.id, optedOut: next }, { onSuccess: () => setConfirming(false) });

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-700">
        {optedOut ? (
          <Trans>Stress questions: off for {name}.</Trans>
        ) : (
          <Trans>Stress questions: asked each day, answering is voluntary.</Trans>
        )}
      </p>
      {!optedOut && (
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer font-semibold text-emerald-800">
            <Trans>About the stress questions</Trans>
          </summary>
          {STRESS_NOTICE.map((paragraph) => (
            <p key={paragraph} className="mt-2">
              {i18n._(paragraph)}
            </p>
          ))}
        </details>
      )}
      {change.isError && !confirming && (
        <p role="alert" className="text-sm text-danger">
          {errorText(change.error)}
        </p>
      )}
      <Button
        variant="secondary"
        className="self-start"
        disabled={change.isPending}
        onClick={() => (optedOut ? setOptedOut(false) : setConfirming(true))}
      >
        {optedOut ? (
          <Trans>Ask the stress questions again</Trans>
        ) : (
          <Trans>Opt out of the stress questions</Trans>
        )}
        <span className="sr-only">{name}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={<Trans>Opt {name} out of the stress questions?</Trans>}
        confirmLabel={<Trans>Yes, opt out</Trans>}
        pendingLabel={t`Saving...`}
        pending={change.isPending}
        error={change.isError ? errorText(change.error) : undefined}
        onConfirm={() => setOptedOut(true)}
      >
        <p>
          <Trans>
            The stress questions disappear from {name}'s app, and every stress rating they gave
            before is deleted for good. You can ask for them again later.
          </Trans>
        </p>
      </ConfirmDialog>
    </div>
  );
}
