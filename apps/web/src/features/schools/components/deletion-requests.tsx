import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_TIME_ZONE, type OpenDeletionRequest } from '@wellbank/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { useFormats } from '@/i18n/formats';
import { useSchoolTimeZone } from '@/lib/day/school-day';
import { errorText } from '@/lib/platform/api-client';
import { fullName } from '@/lib/platform/session';
import { useDecideDeletionRequest, useDeletionRequests } from '../api/deletion-requests';

/**
 * Staff & students: families' requests to delete a child's data (issue 36 §2, decision 0081).
 * The coordinator deletes the child (as Remove does) or declines; shown only while one is open.
 */
export function DeletionRequests({ schoolId }: { schoolId: number }) {
  const { t } = useLingui();
  const { formatSchoolDay } = useFormats();
  const timeZone = useSchoolTimeZone().data ?? DEFAULT_TIME_ZONE;
  const requests = useDeletionRequests(schoolId);
  const decide = useDecideDeletionRequest(schoolId);
  const [deleting, setDeleting] = useState<OpenDeletionRequest>();
  const deletingName = deleting ? fullName(deleting.child) : '';
  const decided = decide.isSuccess ? decide.variables : undefined;
  const decidedName = decided ? fullName(decided.request.child) : '';
  const open = requests.data ?? [];
  if (open.length === 0 && !decided && !requests.isError) return null;

  return (
    <section
      aria-labelledby="deletion-requests-title"
      className="flex flex-col gap-3 rounded-xl border-2 border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="deletion-requests-title" className="text-xl font-bold">
        <Trans>Requests to delete a child's data</Trans>
      </h2>
      <p className="text-slate-700">
        <Trans>
          A family member linked to the child asked the school to delete it. Delete the account, or
          decline and tell the family why.
        </Trans>
      </p>
      {requests.isError && <ErrorBox messages={[errorText(requests.error)]} />}
      {decide.isError && !deleting && <ErrorBox messages={[errorText(decide.error)]} />}
      {decided?.decision === 'delete' && (
        <StatusMessage>
          <Trans>{decidedName} was removed.</Trans>
        </StatusMessage>
      )}
      {decided?.decision === 'decline' && (
        <StatusMessage>
          <Trans>The request about {decidedName} was declined.</Trans>
        </StatusMessage>
      )}
      <ul className="flex flex-col divide-y divide-slate-200">
        {open.map((request) => {
          const child = fullName(request.child);
          const guardian = fullName(request.guardian);
          const askedOn = formatSchoolDay(new Date(request.requested_at), timeZone);
          return (
            <li key={request.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{child}</p>
                <p className="text-sm text-slate-700">
                  <Trans>
                    Asked by {guardian} on {askedOn}
                  </Trans>
                </p>
              </div>
              <Button
                variant="secondary"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ request, decision: 'decline' })}
              >
                <Trans>Decline</Trans>
                <span className="sr-only">{child}</span>
              </Button>
              <Button
                variant="danger"
                disabled={decide.isPending}
                onClick={() => {
                  decide.reset();
                  setDeleting(request);
                }}
              >
                {t`Delete ${child}`}
              </Button>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(next) => next || setDeleting(undefined)}
        title={t`Delete ${deletingName}?`}
        confirmLabel={t`Yes, delete`}
        pending={decide.isPending}
        error={decide.isError ? errorText(decide.error) : undefined}
        onConfirm={() =>
          deleting &&
          decide.mutate(
            { request: deleting, decision: 'delete' },
            { onSuccess: () => setDeleting(undefined) },
          )
        }
      >
        <p>
          <Trans>
            This deletes their account, their team membership and every day they logged, for good.
            Family who joined their team keep their own accounts.
          </Trans>
        </p>
      </ConfirmDialog>
    </section>
  );
}
