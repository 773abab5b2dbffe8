import { Trans, useLingui } from '@lingui/react/macro';
import { hasRole } from '@wellbank/domain';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { UserForm } from '@/components/forms/user-form';
import { LanguageCard } from '@/components/language-switch';
import { PersonalBadgesCard } from '@/components/personal-badges/personal-badges-card';
import { Card } from '@/components/ui/card';
import { DownloadButton } from '@/components/ui/download-button';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { errorText } from '@/lib/platform/api-client';
import { useCurrentUser } from '@/lib/platform/current-user';
import { cameFromDistrictLink } from '@/lib/platform/district-linked';
import { useSession } from '@/lib/platform/session';
import { useUpdateUser } from '../api/update-user';
import { DeleteAccountSection } from '../components/delete-account-section';
import { DeleteSchoolSection } from '../components/delete-school-section';
import { FamilySection } from '../components/family-section';
import { RemindersSection } from '../components/reminders-section';
import { SignInsSection } from '../components/sign-ins-section';

/** A new address takes effect by the link mailed to it (decision 0044). */
function PendingEmailNotice({
  newEmail,
  currentEmail,
}: {
  newEmail: string;
  currentEmail: string | null;
}) {
  if (currentEmail === null) {
    return (
      <Trans>
        We sent a confirmation link to {newEmail}. It becomes your email address when you follow it.
      </Trans>
    );
  }
  return (
    <Trans>
      We sent a confirmation link to {newEmail}. Your email changes when you follow it; until then
      you still sign in with {currentEmail}.
    </Trans>
  );
}

export function ProfilePage() {
  const { t } = useLingui();
  const session = useSession();
  const id = session?.id ?? 0;
  const user = useCurrentUser(id);
  const update = useUpdateUser();
  const linked = cameFromDistrictLink(useLocation().state);
  const initialValues = useMemo(
    () =>
      user.data && {
        first_name: user.data.first_name,
        last_name: user.data.last_name,
        email: user.data.email,
      },
    [user.data],
  );

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <h1 className="mb-4 text-2xl font-bold">
          <Trans>User profile</Trans>
        </h1>
        {linked && (
          <div className="mb-4">
            <StatusMessage>
              <Trans>Your school account is linked. You can now sign in with it too.</Trans>
            </StatusMessage>
          </div>
        )}
        {user.isPending && <Spinner label={t`Loading profile...`} />}
        {user.isError && <ErrorBox messages={[errorText(user.error)]} />}
        {initialValues && (
          <>
            <UserForm
              mode="update"
              initialValues={initialValues}
              pending={update.isPending}
              serverError={update.isError ? errorText(update.error) : undefined}
              clearServerError={update.reset}
              status={
                update.isSuccess && (
                  <StatusMessage>
                    <Trans>Your profile was updated.</Trans>
                    {update.variables.user.email &&
                      update.data.email !== update.variables.user.email && (
                        <>
                          {' '}
                          <PendingEmailNotice
                            newEmail={update.variables.user.email}
                            currentEmail={update.data.email}
                          />
                        </>
                      )}
                  </StatusMessage>
                )
              }
              onSubmit={(values) => update.mutate({ id, user: values })}
            />
            {session && <RemindersSection user={session} />}
            {session && <SignInsSection user={session} />}
            {session && hasRole(session, 'student') && <FamilySection user={session} />}
            {session && hasRole(session, 'admin') ? (
              <DeleteSchoolSection user={session} />
            ) : (
              session && <DeleteAccountSection user={session} />
            )}
          </>
        )}
      </Card>
      {session && <PersonalBadgesCard userId={session.id} />}
      <LanguageCard />
      <Card aria-labelledby="my-data-title">
        <h2 id="my-data-title" className="mb-2 text-xl font-bold">
          <Trans>Your data</Trans>
        </h2>
        <DownloadButton
          path={`/users/${id}/export`}
          label={t`Download my data`}
          pendingLabel={t`Preparing your data...`}
          description={t`Everything Wellbank keeps about you, in one file (JSON): your account, team, every day you logged, points, piggy banks and payments.`}
        />
      </Card>
    </div>
  );
}
