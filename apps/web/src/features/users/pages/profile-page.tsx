import { hasRole } from '@wellbank/domain';
import { useMemo } from 'react';
import { UserForm } from '@/components/forms/user-form';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { DeleteAccountSection } from '@/features/deletion/components/delete-account-section';
import { DeleteSchoolSection } from '@/features/deletion/components/delete-school-section';
import { errorText } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useSession } from '@/lib/session';
import { useUpdateUser } from '../api/update-user';

export function ProfilePage() {
  const session = useSession();
  const id = session?.id ?? 0;
  const user = useCurrentUser(id);
  const update = useUpdateUser();
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
    <Card>
      <h1 className="mb-4 text-2xl font-bold">User profile</h1>
      {user.isPending && <Spinner label="Loading profile..." />}
      {user.isError && <ErrorBox messages={[errorText(user.error)]} />}
      {initialValues && (
        <>
          <UserForm
            mode="update"
            initialValues={initialValues}
            pending={update.isPending}
            serverError={update.isError ? errorText(update.error) : undefined}
            clearServerError={update.reset}
            status={update.isSuccess && <StatusMessage>Your profile was updated.</StatusMessage>}
            onSubmit={(values) => update.mutate({ id, user: values })}
          />
          {session && hasRole(session, 'admin') ? (
            <DeleteSchoolSection user={session} />
          ) : (
            session && <DeleteAccountSection user={session} />
          )}
        </>
      )}
    </Card>
  );
}
