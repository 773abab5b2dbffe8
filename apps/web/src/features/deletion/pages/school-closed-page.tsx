import { Trans, useLingui } from '@lingui/react/macro';
import { type SessionRecord, schoolPurgeDateText } from '@wellbank/domain';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DownloadButton } from '@/components/ui/download-button';
import { ErrorBox } from '@/components/ui/error-box';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { useCurrentUser } from '@/lib/platform/current-user';
import { useCancelSchoolDeletion } from '@/lib/platform/deletion';
import { useSession } from '@/lib/platform/session';
import { SchoolClosingNotice } from '../components/school-closing-notice';
import { SignOutButton } from '../components/sign-out-button';

/**
 * /school-deletion: all a signed-in member of a closed school sees (decisions 0022, 0072). The
 * server allows a coordinator their record, logout, cancelling and exporting; everyone else stays
 * signed in with their record and logout only, and is back on their dashboard once it reopens.
 */
export function SchoolClosedPage() {
  const session = useSession();
  if (!session?.school_purge_after) return <Navigate to="/dashboard" replace />;
  return <WhileClosed session={session} purgeAfter={session.school_purge_after} />;
}

function WhileClosed({ session, purgeAfter }: { session: SessionRecord; purgeAfter: string }) {
  // Keeps the record fresh: a coordinator may cancel meanwhile, which sends everyone back.
  useCurrentUser(session.id, { watch: true });
  if (!session.roles.includes('admin')) {
    return <SchoolClosingNotice session={session} purgeAfter={purgeAfter} />;
  }
  return <ClosedSchool session={session} purgeAfter={purgeAfter} />;
}

function ClosedSchool({ session, purgeAfter }: { session: SessionRecord; purgeAfter: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const cancel = useCancelSchoolDeletion(session);
  const { language } = useFormats();
  const date = schoolPurgeDateText(purgeAfter, language);
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
          <SignOutButton />
        </div>
      </Card>
    </main>
  );
}
