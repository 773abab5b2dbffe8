import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_TIME_ZONE, formatFamilyCode, type SessionRecord } from '@wellbank/domain';
import { QrCode } from '@/components/qr-code';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { useFormats } from '@/i18n/formats';
import { useSchoolTimeZone } from '@/lib/day/school-day';
import { errorText } from '@/lib/platform/api-client';
import { fullName } from '@/lib/platform/session';
import { useGuardians, useMakeFamilyCode } from '../api/family';

/**
 * A student's family (decision 0075): who is linked to them, and their family code with its QR
 * code to show a parent. A code shown here replaces the one on the printed family letter.
 */
export function FamilySection({ user }: { user: SessionRecord }) {
  const { t } = useLingui();
  const { formatSchoolDay } = useFormats();
  const timeZone = useSchoolTimeZone().data ?? DEFAULT_TIME_ZONE;
  const guardians = useGuardians(user.id);
  const makeCode = useMakeFamilyCode(user.id);

  return (
    <section aria-labelledby="family-title" className="mt-6 flex flex-col gap-3">
      <h2 id="family-title" className="text-xl font-bold">
        <Trans>Family</Trans>
      </h2>
      {guardians.isPending && <Spinner label={t`Loading your family...`} />}
      {guardians.isError && <ErrorBox messages={[errorText(guardians.error)]} />}
      {guardians.data?.length === 0 && (
        <p>
          <Trans>No family member is linked to you.</Trans>
        </p>
      )}
      {guardians.data && guardians.data.length > 0 && (
        <ul className="flex flex-col gap-1">
          {guardians.data.map((guardian) => {
            const name = fullName(guardian);
            const since = formatSchoolDay(new Date(guardian.linked_at), timeZone);
            return (
              <li key={guardian.id}>
                <Trans>
                  {name} is linked to you as family, since {since}
                </Trans>
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-slate-700">
        <Trans>
          With your family code, a parent or guardian links to you in Wellbank. They never see your
          stress answers. Showing a new code makes the one on your family letter stop working.
        </Trans>
      </p>
      {makeCode.data ? (
        <div className="flex flex-wrap items-center gap-4">
          <QrCode
            text={makeCode.data.url}
            label={t`QR code of your family link`}
            className="size-40"
          />
          <p className="flex flex-col">
            <span className="text-sm font-semibold">
              <Trans>Your family code</Trans>
            </span>
            <span className="font-mono text-2xl font-bold tracking-widest">
              {formatFamilyCode(makeCode.data.code)}
            </span>
          </p>
        </div>
      ) : (
        <Button
          variant="secondary"
          className="self-start"
          disabled={makeCode.isPending}
          onClick={() => makeCode.mutate()}
        >
          <Trans>Show my family code</Trans>
        </Button>
      )}
      {makeCode.isError && <ErrorBox messages={[errorText(makeCode.error)]} />}
    </section>
  );
}
