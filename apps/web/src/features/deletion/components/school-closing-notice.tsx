import { Trans } from '@lingui/react/macro';
import { type SessionRecord, schoolPurgeDateText } from '@wellbank/domain';
import { Card } from '@/components/ui/card';
import { useFormats } from '@/i18n/formats';
import { SignOutButton } from './sign-out-button';

/**
 * What a student, staff or family member of a closed school sees instead of the app (decision
 * 0072): they stay signed in, so if the coordinator cancels they are back where they were.
 */
export function SchoolClosingNotice({
  session,
  purgeAfter,
}: {
  session: SessionRecord;
  purgeAfter: string;
}) {
  const { language } = useFormats();
  const date = schoolPurgeDateText(purgeAfter, language);
  const school = session.school.name;
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-10">
      <Card aria-labelledby="closing-title" className="flex flex-col gap-4">
        <h1 id="closing-title" className="text-2xl font-bold">
          <Trans>Your school's Wellbank account is closing</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>
            The coordinator of {school} has asked for its Wellbank account to be deleted on {date}.
            Until then, nothing can be logged or seen here.
          </Trans>
        </p>
        <p className="text-slate-700">
          <Trans>
            If the coordinator cancels, everything comes back as it was, and you will not need to
            sign in again. Questions? Ask your teacher or the school's coordinator.
          </Trans>
        </p>
        <div className="flex flex-wrap gap-3">
          <SignOutButton />
        </div>
      </Card>
    </main>
  );
}
