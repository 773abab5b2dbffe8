import { Trans, useLingui } from '@lingui/react/macro';
import {
  DEFAULT_TIME_ZONE,
  type GuardianDeletionRequest,
  type LinkedChild,
} from '@wellbank/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DownloadButton } from '@/components/ui/download-button';
import { useFormats } from '@/i18n/formats';
import { useSchoolTimeZone } from '@/lib/day/school-day';
import { errorText } from '@/lib/platform/api-client';
import { fullName } from '@/lib/platform/session';
import { useAskChildDeletion } from '../api/family';

/**
 * A guardian's rights over the child's data (issue 36 §2, decision 0081): download it without
 * stress, and ask the school to delete it; the latest request's answer is shown.
 */
export function ChildDataRights({
  child,
  request,
}: {
  child: LinkedChild;
  /** The guardian's latest request about this child, if any. */
  request: GuardianDeletionRequest | undefined;
}) {
  const { t } = useLingui();
  const { formatSchoolDay } = useFormats();
  const timeZone = useSchoolTimeZone().data ?? DEFAULT_TIME_ZONE;
  const [confirming, setConfirming] = useState(false);
  const ask = useAskChildDeletion();
  const name = fullName(child);
  const askedOn = request ? formatSchoolDay(new Date(request.requested_at), timeZone) : '';
  return (
    <div className="flex basis-full flex-col gap-2 border-t border-slate-200 pt-3">
      <DownloadButton
        path={`/family/children/${child.id}/export`}
        label={t`Download ${name}'s data`}
        pendingLabel={t`Preparing the data...`}
        description={t`Everything Wellbank keeps about ${name}, as a file (JSON). Stress ratings are not in it: they are the child's alone.`}
      />
      {request?.status === 'open' && (
        <p className="text-sm text-slate-700">
          <Trans>
            You asked the school on {askedOn} to delete {name}'s data. The school has not answered
            yet.
          </Trans>
        </p>
      )}
      {request?.status === 'declined' && (
        <p className="text-sm text-slate-700">
          <Trans>
            The school declined your request of {askedOn} to delete {name}'s data. Ask the school
            why, or ask again.
          </Trans>
        </p>
      )}
      {request?.status !== 'open' && (
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => {
            ask.reset();
            setConfirming(true);
          }}
        >
          <Trans>Ask the school to delete {name}'s data</Trans>
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={<Trans>Ask the school to delete {name}'s data?</Trans>}
        confirmLabel={<Trans>Send the request</Trans>}
        pendingLabel={<Trans>Sending...</Trans>}
        pending={ask.isPending}
        error={ask.isError ? errorText(ask.error) : undefined}
        onConfirm={() => ask.mutate(child.id, { onSuccess: () => setConfirming(false) })}
      >
        <p>
          <Trans>
            The school's coordinator sees your request. If they delete the account, every day {name}{' '}
            logged is gone for good and they can no longer use Wellbank at this school. Download the
            data first if you want to keep it.
          </Trans>
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** Requests the school carried out: the child is gone, so only the dates are left to show. */
export function DoneDeletionRequests({ requests }: { requests: GuardianDeletionRequest[] }) {
  const { formatSchoolDay } = useFormats();
  const timeZone = useSchoolTimeZone().data ?? DEFAULT_TIME_ZONE;
  if (requests.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 text-sm text-slate-700">
      {requests.map((request) => {
        const askedOn = formatSchoolDay(new Date(request.requested_at), timeZone);
        const doneOn = formatSchoolDay(
          new Date(request.decided_at ?? request.requested_at),
          timeZone,
        );
        return (
          <li key={request.id}>
            <Trans>
              The school deleted a child's data on {doneOn}, as you asked on {askedOn}.
            </Trans>
          </li>
        );
      })}
    </ul>
  );
}
