import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { ShowMore } from '@/components/show-more';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { useSchoolConsents } from '../api/consents';
import { ConsentsTable } from '../components/consents-table';

/** /schools/consents "Consent record": the school's attestations and agreements (decision 0024). */
export function ConsentsPage() {
  const { formatCount } = useFormats();
  const { t } = useLingui();
  const schoolId = useSession()?.school.id ?? 0;
  const consents = useSchoolConsents(schoolId);
  const [focusRow, setFocusRow] = useState<number>();
  const records = consents.data?.pages.flatMap((page) => page.people) ?? [];
  const total = consents.data?.pages[0]?.total ?? records.length;
  const [shown, totalText] = [records.length, total].map((n) => formatCount(n));

  return (
    <Card aria-labelledby="consents-title" className="flex flex-col gap-4">
      <h1 id="consents-title" className="text-2xl font-bold">
        <Trans>Consent record</Trans>
      </h1>
      <p className="text-slate-700">
        <Trans>
          Every agreement given for your school: the parental consent your school confirmed at
          sign-up, and each person's agreement to the{' '}
          <Link to="/privacy" className="font-semibold text-accent-strong underline">
            privacy policy
          </Link>
          , terms of use and code of conduct, with the version they read, when, and from which
          network address.
        </Trans>
      </p>
      {consents.isPending && <Spinner label={t`Loading the consent record...`} />}
      {consents.isError && <ErrorBox messages={[errorText(consents.error)]} />}
      {consents.isSuccess && (
        <>
          <ConsentsTable records={records} focusRow={focusRow} />
          <ShowMore
            query={consents}
            shown={records.length}
            status={t`Showing ${shown} of ${plural(total, { one: `${totalText} record`, other: `${totalText} records` })}`}
            onShown={setFocusRow}
          />
        </>
      )}
    </Card>
  );
}
