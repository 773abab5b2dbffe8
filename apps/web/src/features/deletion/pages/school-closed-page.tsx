import { Trans, useLingui } from '@lingui/react/macro';
import { type SessionRecord, schoolPurgeDateText } from '@wellbank/domain';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DownloadButton } from '@/components/ui/download-button';
import { ErrorBox } from '@/components/ui/error-box';
import { UnsentLogoutDialog } from '@/components/unsent-logout-dialog';
import { errorText } from '@/lib/platform/api-client';
import { useCurrentUser } from '@/lib/platform/current-user';
import { useCancelSchoolDeletion } from '@/lib/platform/deletion';
import { useLogout } from '@/lib/platform/logout';
import { useSession } from '@/lib/platform/session';

/**
 * /school-deletion: all a coordinator of a closed school sees (decision 0022). The server allows
 * them only their record, logout, cancelling and exporting; everyone else cannot sign in.
 */
export function SchoolClosedPage() {
  const session = useSession();
  if (!session?.school_purge_after) return <Navigate to="/dashboard" replace />;
  return <ClosedSchool session={session} purgeAfter={session.school_purge_after} />;
}

function ClosedSchool({ session, purgeAfter }: { session: SessionRecord; purgeAfter: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const cancel = useCancelSchoolDeletion(session);
  const logout = useLogout();
  // Keeps the record fresh: another coordinator may have cancelled meanwhile.
  useCurrentUser(session.id);
  const date = schoolPurgeDateText(purgeAfter);
  const school = session.school.name;
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-10">
      <Card aria-labelledby="closed-title" className="flex flex-col gap-4">
        <h1 id="closed-title" className="text-2xl font-bold">
          <Trans>
            {school} is scheduled for deletion on {date}
          </Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>
            Until then only its coordinators can sign in. On that day every account, day logged,
            team and interval of the school is deleted for good, unless you cancel.
          </Trans>
        </p>
        <DownloadButton
          path={`/schools/${session.school.id}/export`}
          label={t`Download school data (ZIP)`}
          pendingLabel={t`Preparing the school's data...`}
          description={t`Before it is deleted: the school's people, teams, intervals, days, activities and payments as spreadsheets (CSV files in a ZIP).`}
        />
        {cancel.isError && <ErrorBox messages={[errorText(cancel.error)]} />}
        <div className="flex flex-wrap gap-3">
          <Button
            disabled={cancel.isPending}
            aria-busy={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () => navigate('/dashboard', { replace: true }),
              })
            }
          >
            <Trans>Cancel deletion</Trans>
          </Button>
          <Button
            variant="secondary"
            disabled={logout.isPending}
            onClick={() => logout.mutate({ discardUnsent: false })}
          >
            <Trans>Sign out</Trans>
          </Button>
          <UnsentLogoutDialog logout={logout} />
        </div>
      </Card>
    </main>
  );
}
