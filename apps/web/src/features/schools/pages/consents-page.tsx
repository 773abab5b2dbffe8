import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useSchoolConsents } from '../api/consents';
import { ConsentsTable } from '../components/consents-table';
import { ShowMore } from '../components/show-more';

/** /schools/consents "Consent record": the school's attestations and agreements (decision 0024). */
export function ConsentsPage() {
  const schoolId = useSession()?.school.id ?? 0;
  const consents = useSchoolConsents(schoolId);
  const [focusRow, setFocusRow] = useState<number>();
  const records = consents.data?.pages.flatMap((page) => page.people) ?? [];
  const total = consents.data?.pages[0]?.total ?? records.length;

  return (
    <Card aria-labelledby="consents-title" className="flex flex-col gap-4">
      <h1 id="consents-title" className="text-2xl font-bold">
        Consent record
      </h1>
      <p className="text-slate-700">
        Every agreement given for your school: the parental consent your school confirmed at
        sign-up, and each person&apos;s agreement to the{' '}
        <Link to="/privacy" className="font-semibold text-accent-strong underline">
          privacy policy
        </Link>
        , terms of use and code of conduct, with the version they read, when, and from which network
        address.
      </p>
      {consents.isPending && <Spinner label="Loading the consent record..." />}
      {consents.isError && <ErrorBox messages={[errorText(consents.error)]} />}
      {consents.isSuccess && (
        <>
          <ConsentsTable records={records} focusRow={focusRow} />
          <ShowMore
            query={consents}
            shown={records.length}
            total={total}
            noun="records"
            onShown={setFocusRow}
          />
        </>
      )}
    </Card>
  );
}
