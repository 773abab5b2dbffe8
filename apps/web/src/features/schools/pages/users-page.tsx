import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { listCsvPath, type SchoolUser } from '@wellbank/domain';
import { useState } from 'react';
import { ShowMore } from '@/components/show-more';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DownloadButton } from '@/components/ui/download-button';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { useRemoveMember } from '@/lib/platform/deletion';
import { fullName, useSession } from '@/lib/platform/session';
import { useAddStudentEmail, useSetClassFields } from '../api/roster';
import { useChangeRole, useSchoolUsers, useSetCoordinator } from '../api/school-users';
import { useStressChoiceChanges } from '../api/stress-choice';
import { AddEmailDialog } from '../components/add-email-dialog';
import { AddStudentForm } from '../components/add-student-form';
import { DeletionRequests } from '../components/deletion-requests';
import { PendingInvitations } from '../components/pending-invitations';
import { RosterImport } from '../components/roster-import';
import { SchoolCodePanel } from '../components/school-code-panel';
import { UsersTable } from '../components/users-table';

/** SPEC.md §2 Staff & students, read 100 people at a time by name with "Show more" below. */
export function UsersPage() {
  const { formatCount } = useFormats();
  const { t } = useLingui();
  const session = useSession();
  const schoolId = session?.school.id ?? 0;
  const users = useSchoolUsers(schoolId);
  const changeRole = useChangeRole(schoolId);
  const [focusRow, setFocusRow] = useState<number>();
  const remove = useRemoveMember(schoolId);
  const setClass = useSetClassFields(schoolId);
  const [removing, setRemoving] = useState<SchoolUser>();
  const setCoordinator = useSetCoordinator(schoolId);
  const [coordinatorChange, setCoordinatorChange] = useState<{
    user: SchoolUser;
    coordinator: boolean;
  }>();
  const changingName = coordinatorChange ? fullName(coordinatorChange.user) : '';
  const stressChoice = useStressChoiceChanges(schoolId);
  const [optingOut, setOptingOut] = useState<{ user: SchoolUser; optedOut: boolean }>();
  const optingOutName = optingOut ? fullName(optingOut.user) : '';
  const addEmail = useAddStudentEmail(schoolId);
  const [addingEmailTo, setAddingEmailTo] = useState<SchoolUser>();
  // The switch stays disabled until the list shows the new role (or, after an error, is reloaded).
  const pendingUserId =
    changeRole.isPending || (changeRole.isError && users.isRefetching)
      ? changeRole.variables?.userId
      : undefined;
  const people = users.data?.pages.flatMap((page) => page.people) ?? [];
  const total = users.data?.pages[0]?.total ?? people.length;
  const [shown, totalText] = [people.length, total].map((n) => formatCount(n));
  const removedName = remove.variables?.name;
  const removingName = removing ? fullName(removing) : '';
  const emailed = addEmail.data;
  const [emailedName, emailedAddress] = emailed ? [fullName(emailed), emailed.email] : ['', ''];

  return (
    <div className="flex flex-col gap-4">
      <Card aria-labelledby="users-title" className="flex flex-col gap-4">
        <h1 id="users-title" className="text-2xl font-bold">
          <Trans>Staff &amp; students</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>
            Turn Staff on to make someone a staff member, or off to make them a student again.
          </Trans>
        </p>
        <DeletionRequests schoolId={schoolId} />
        <SchoolCodePanel />
        {users.isPending && <Spinner label={t`Loading staff and students...`} />}
        {users.isError && <ErrorBox messages={[errorText(users.error)]} />}
        {changeRole.isError && <ErrorBox messages={[errorText(changeRole.error)]} />}
        {stressChoice.counsellor.isError && (
          <ErrorBox messages={[errorText(stressChoice.counsellor.error)]} />
        )}
        {setClass.isError && <ErrorBox messages={[errorText(setClass.error)]} />}
        {remove.isSuccess && (
          <StatusMessage>
            <Trans>{removedName} was removed.</Trans>
          </StatusMessage>
        )}
        {addEmail.isSuccess && (
          <StatusMessage>
            <Trans>
              {emailedName} has the e-mail address {emailedAddress}: a link to choose a password was
              sent there.
            </Trans>
          </StatusMessage>
        )}
        {users.isSuccess && people.length === 0 && (
          <p className="text-slate-700">
            <Trans>No staff or students have joined yet.</Trans>
          </p>
        )}
        {users.isSuccess && people.length > 0 && (
          <>
            <UsersTable
              users={people}
              currentUserId={session?.id ?? 0}
              pendingUserId={pendingUserId}
              onChangeRole={(userId, role) => changeRole.mutate({ userId, role })}
              onRemove={(user) => {
                remove.reset();
                setRemoving(user);
              }}
              onSetCoordinator={(user, coordinator) => {
                setCoordinator.reset();
                setCoordinatorChange({ user, coordinator });
              }}
              onSetStressOptOut={(user, optedOut) => {
                stressChoice.optOut.reset();
                setOptingOut({ user, optedOut });
              }}
              onSetCounsellor={(user, isCounsellor) =>
                stressChoice.counsellor.mutate({ user, isCounsellor })
              }
              onSaveClass={(userId, fields) => setClass.mutate({ userId, fields })}
              onAddEmail={(user) => {
                addEmail.reset();
                setAddingEmailTo(user);
              }}
              savingClass={setClass.isPending}
              focusRow={focusRow}
            />
            <ShowMore
              query={users}
              shown={people.length}
              status={t`Showing ${shown} of ${plural(total, { one: `${totalText} person`, other: `${totalText} people` })}`}
              onShown={setFocusRow}
            />
            <DownloadButton
              path={listCsvPath({ schoolId, kind: 'users' })}
              label={t`Download CSV`}
              pendingLabel={t`Preparing the CSV...`}
              description={t`All ${plural(total, { one: `${totalText} person`, other: `${totalText} people` })} as a spreadsheet (CSV): names, e-mails, role and team size.`}
            />
          </>
        )}
        <AddEmailDialog
          student={addingEmailTo}
          onClose={() => setAddingEmailTo(undefined)}
          pending={addEmail.isPending}
          error={addEmail.isError ? errorText(addEmail.error) : undefined}
          clearError={addEmail.reset}
          onSend={(email) =>
            addingEmailTo &&
            addEmail.mutate(
              { userId: addingEmailTo.id, email },
              { onSuccess: () => setAddingEmailTo(undefined) },
            )
          }
        />
        <ConfirmDialog
          open={removing !== undefined}
          onOpenChange={(open) => open || setRemoving(undefined)}
          title={t`Remove ${removingName}?`}
          confirmLabel={t`Yes, remove`}
          pending={remove.isPending}
          error={remove.isError ? errorText(remove.error) : undefined}
          onConfirm={() =>
            removing &&
            remove.mutate(
              { id: removing.id, name: fullName(removing) },
              { onSuccess: () => setRemoving(undefined) },
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
        <ConfirmDialog
          open={optingOut !== undefined}
          onOpenChange={(open) => open || setOptingOut(undefined)}
          title={
            optingOut?.optedOut
              ? t`Opt ${optingOutName} out of the stress check-in?`
              : t`Turn the stress check-in back on for ${optingOutName}?`
          }
          confirmLabel={optingOut?.optedOut ? t`Yes, opt out` : t`Yes, turn it back on`}
          confirmVariant={optingOut?.optedOut ? 'danger' : 'primary'}
          pendingLabel={t`Saving...`}
          pending={stressChoice.optOut.isPending}
          error={stressChoice.optOut.isError ? errorText(stressChoice.optOut.error) : undefined}
          onConfirm={() =>
            optingOut &&
            stressChoice.optOut.mutate(optingOut, { onSuccess: () => setOptingOut(undefined) })
          }
        >
          {optingOut?.optedOut ? (
            <p>
              <Trans>
                Do this when the family asks. The stress questions disappear from the student's app,
                and every stress rating they gave before is deleted for good. Points already counted
                stay as they are.
              </Trans>
            </p>
          ) : (
            <p>
              <Trans>The student is asked the stress questions again from today.</Trans>
            </p>
          )}
        </ConfirmDialog>
        <ConfirmDialog
          open={coordinatorChange !== undefined}
          onOpenChange={(open) => open || setCoordinatorChange(undefined)}
          title={
            coordinatorChange?.coordinator
              ? t`Make ${changingName} a coordinator?`
              : t`Remove ${changingName} as coordinator?`
          }
          confirmLabel={
            coordinatorChange?.coordinator
              ? t`Yes, make coordinator`
              : t`Yes, remove as coordinator`
          }
          confirmVariant="primary"
          pendingLabel={t`Saving...`}
          pending={setCoordinator.isPending}
          error={setCoordinator.isError ? errorText(setCoordinator.error) : undefined}
          onConfirm={() =>
            coordinatorChange &&
            setCoordinator.mutate(
              { userId: coordinatorChange.user.id, coordinator: coordinatorChange.coordinator },
              { onSuccess: () => setCoordinatorChange(undefined) },
            )
          }
        >
          <p>
            {coordinatorChange?.coordinator ? (
              <Trans>
                Coordinators manage the school: intervals, staff and students, payments and the
                activity log. It applies the next time they open Wellbank.
              </Trans>
            ) : (
              <Trans>They stay staff. A school always keeps at least one coordinator.</Trans>
            )}
          </p>
        </ConfirmDialog>
      </Card>
      <PendingInvitations schoolId={schoolId} />
      <AddStudentForm schoolId={schoolId} />
      <RosterImport schoolId={schoolId} />
      <Card aria-labelledby="school-data-title">
        <h2 id="school-data-title" className="mb-2 text-xl font-bold">
          <Trans>School data</Trans>
        </h2>
        <DownloadButton
          path={`/schools/${schoolId}/export`}
          label={t`Download school data (ZIP)`}
          pendingLabel={t`Preparing the school's data...`}
          description={t`The school's people, teams, intervals, days, activities and payments as spreadsheets (CSV files in a ZIP). Stress ratings are not in it: they are shown to each child alone.`}
        />
      </Card>
    </div>
  );
}
