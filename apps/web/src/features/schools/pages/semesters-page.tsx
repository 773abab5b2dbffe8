import { Trans, useLingui } from '@lingui/react/macro';
import {
  DEFAULT_TIME_ZONE,
  INTERVAL_MESSAGES,
  intervalNotStarted,
  localDate,
  type SemesterRecord,
} from '@wellbank/domain';
import { useCallback, useState } from 'react';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { domainText } from '@/i18n/domain-text';
import { useSchoolTimeZone } from '@/lib/day/school-day';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import {
  useCreateSemester,
  useDeleteSemester,
  useSemesters,
  useToggleSemester,
  useUpdateSemester,
} from '../api/semesters';
import { EditSemesterDialog } from '../components/edit-semester-dialog';
import { useIntervalLabel } from '../components/interval-label';
import { SchoolHolidays } from '../components/school-holidays';
import { SemesterForm } from '../components/semester-form';
import { SemestersTable } from '../components/semesters-table';

export function SemestersPage() {
  const { i18n, t } = useLingui();
  const intervalLabel = useIntervalLabel();
  const schoolId = useSession()?.school.id ?? 0;
  const semesters = useSemesters(schoolId);
  const create = useCreateSemester(schoolId);
  const toggle = useToggleSemester(schoolId);
  const update = useUpdateSemester(schoolId);
  const remove = useDeleteSemester(schoolId);
  const timeZone = useSchoolTimeZone().data ?? DEFAULT_TIME_ZONE;
  const [created, setCreated] = useState(false);
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<SemesterRecord>();
  const [deleting, setDeleting] = useState<SemesterRecord>();
  /** A toggle that asks first: one that leaves everyone's points at 0 for a while. */
  const [confirming, setConfirming] = useState<{
    semester: SemesterRecord;
    kind: 'not-started' | 'turn-off';
  }>();
  const resetCreate = create.reset;
  const clearCreateMessages = useCallback(() => {
    resetCreate();
    setCreated(false);
  }, [resetCreate]);

  const toggleNow = (semester: SemesterRecord) =>
    toggle.mutate(semester.id, { onSettled: () => setConfirming(undefined) });
  // Activating an interval that has not started (issue #16 §6) and turning off the active one
  // (issue 35 §3) ask first: either way everyone's points show 0 for a while.
  const onToggle = (semester: SemesterRecord) => {
    setStatus('');
    setCreated(false);
    const today = localDate(new Date(), timeZone);
    if (semester.is_active) setConfirming({ semester, kind: 'turn-off' });
    else if (intervalNotStarted(semester, today)) setConfirming({ semester, kind: 'not-started' });
    else toggleNow(semester);
  };

  const deletingLabel = deleting ? intervalLabel(deleting) : '';
  const confirmText = (kind: 'not-started' | 'turn-off') =>
    confirming?.kind === kind
      ? domainText(
          i18n,
          kind === 'turn-off'
            ? INTERVAL_MESSAGES.confirmTurnOff(confirming.semester)
            : INTERVAL_MESSAGES.confirmActivateFuture(confirming.semester),
        )
      : '';

  return (
    <>
      <Card aria-labelledby="semesters-title" className="flex flex-col gap-4">
        <h1 id="semesters-title" className="text-2xl font-bold">
          <Trans>Schedule interval settings</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>
            An interval is a date range for which points are computed, for example a quarter or a
            semester. Only the active interval counts toward everyone's points, and one interval can
            be active at a time. Intervals may not overlap; one can be deleted until someone logs a
            day in it.
          </Trans>
        </p>
        {semesters.isPending && <Spinner label={t`Loading intervals...`} />}
        {semesters.isError && <ErrorBox messages={[errorText(semesters.error)]} />}
        {toggle.isError && <ErrorBox messages={[errorText(toggle.error)]} />}
        {semesters.isSuccess && semesters.data.length === 0 && (
          <p className="text-slate-700">
            <Trans>No intervals yet. Create one below.</Trans>
          </p>
        )}
        {semesters.isSuccess && semesters.data.length > 0 && (
          <SemestersTable
            semesters={semesters.data}
            busy={toggle.isPending || semesters.isFetching}
            onToggle={onToggle}
            onEdit={(semester) => {
              update.reset();
              setStatus('');
              setCreated(false);
              setEditing(semester);
            }}
            onDelete={(semester) => {
              remove.reset();
              setStatus('');
              setCreated(false);
              setDeleting(semester);
            }}
          />
        )}
        {status && <StatusMessage>{status}</StatusMessage>}
      </Card>
      <Card aria-labelledby="create-semester-title" className="flex flex-col gap-4">
        <h2 id="create-semester-title" className="text-xl font-bold">
          <Trans>Create an interval</Trans>
        </h2>
        <SemesterForm
          pending={create.isPending}
          serverError={create.isError ? errorText(create.error) : undefined}
          clearServerError={clearCreateMessages}
          onSave={(body, done) => {
            setCreated(false);
            create.mutate(body, {
              onSuccess: () => {
                done();
                setCreated(true);
              },
            });
          }}
        />
        {created && (
          <StatusMessage>
            <Trans>Interval created.</Trans>
          </StatusMessage>
        )}
      </Card>
      <SchoolHolidays schoolId={schoolId} />
      <EditSemesterDialog
        semester={editing}
        onClose={() => setEditing(undefined)}
        pending={update.isPending}
        error={update.isError ? errorText(update.error) : undefined}
        clearError={update.reset}
        onSave={(body) => {
          if (!editing) return;
          update.mutate(
            { id: editing.id, body },
            {
              onSuccess: (saved) => {
                setEditing(undefined);
                const interval = intervalLabel(saved);
                setStatus(t`Interval ${interval} saved.`);
              },
            },
          );
        }}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => open || setDeleting(undefined)}
        title={t`Delete interval`}
        confirmLabel={t`Delete interval`}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error) : undefined}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              const interval = intervalLabel(deleting);
              setStatus(t`Interval ${interval} deleted.`);
              setDeleting(undefined);
            },
          });
        }}
      >
        <p>{deleting && t`Delete the interval ${deletingLabel}? This cannot be undone.`}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming?.kind === 'not-started'}
        onOpenChange={(open) => open || setConfirming(undefined)}
        title={t`Activate an interval that has not started?`}
        confirmLabel={t`Activate`}
        confirmVariant="primary"
        pendingLabel={t`Activating...`}
        pending={toggle.isPending}
        error={undefined}
        onConfirm={() => confirming && toggleNow(confirming.semester)}
      >
        <p>{confirmText('not-started')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming?.kind === 'turn-off'}
        onOpenChange={(open) => open || setConfirming(undefined)}
        title={t`Turn off the active interval?`}
        confirmLabel={t`Turn off`}
        pendingLabel={t`Turning off...`}
        pending={toggle.isPending}
        error={undefined}
        onConfirm={() => confirming && toggleNow(confirming.semester)}
      >
        <p>{confirmText('turn-off')}</p>
      </ConfirmDialog>
    </>
  );
}
