import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useChangeRole, useSchoolUsers } from '../api/school-users';
import { UsersTable } from '../components/users-table';

export function UsersPage() {
  const session = useSession();
  const schoolId = session?.school.id ?? 0;
  const users = useSchoolUsers(schoolId);
  const changeRole = useChangeRole(schoolId);
  // The switch stays disabled until the reloaded list shows the new role.
  const pendingUserId =
    changeRole.isPending || users.isFetching ? changeRole.variables?.userId : undefined;

  return (
    <Card aria-labelledby="users-title" className="flex flex-col gap-4">
      <h1 id="users-title" className="text-2xl font-bold">
        Staff &amp; students
      </h1>
      <p className="text-slate-700">
        Turn Staff on to make someone a staff member, or off to make them a student again.
      </p>
      {users.isPending && <Spinner label="Loading staff and students..." />}
      {users.isError && <ErrorBox messages={[errorText(users.error)]} />}
      {changeRole.isError && <ErrorBox messages={[errorText(changeRole.error)]} />}
      {users.isSuccess && users.data.length === 0 && (
        <p className="text-slate-700">No staff or students have joined yet.</p>
      )}
      {users.isSuccess && users.data.length > 0 && (
        <UsersTable
          users={users.data}
          currentUserId={session?.id ?? 0}
          pendingUserId={pendingUserId}
          onChangeRole={(userId, role) => changeRole.mutate({ userId, role })}
        />
      )}
    </Card>
  );
}
