import { Trans, useLingui } from '@lingui/react/macro';
import { joinSchoolUrl } from '@wellbank/domain';
import { Printer } from 'lucide-react';
import { QrCode } from '@/components/qr-code';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/platform/api-client';
import { useMySchool } from '../api/my-school';

/**
 * A poster to print and pin up (issue 34 §4): the school's code in large type, a QR code of the
 * join link, and how students, staff and families join. One page on A4 and on Letter.
 */
export function JoinPosterPage() {
  const { t } = useLingui();
  const school = useMySchool();
  if (school.isPending) return <Spinner label={t`Loading the poster...`} />;
  if (school.isError) return <ErrorBox messages={[errorText(school.error)]} />;
  const { name, code } = school.data;
  if (!code) return null;
  const origin = window.location.origin;
  const url = joinSchoolUrl(origin, code);
  const signUpUrl = `${origin}/sign-up`;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <p className="text-slate-700">
          <Trans>Print this poster and put it up where people will see it.</Trans>
        </p>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden className="size-5" />
          <Trans>Print</Trans>
        </Button>
      </div>
      <Card className="flex flex-col items-center gap-4 text-center print:break-inside-avoid print:gap-3 print:p-0 print:shadow-none print:ring-0">
        <h1 className="text-3xl font-extrabold break-words sm:text-4xl">
          <Trans>Join {name} on Wellbank</Trans>
        </h1>
        <p className="text-lg text-slate-700">
          <Trans>Our school’s wellness and points tracker</Trans>
        </p>
        <div>
          <p className="text-lg font-semibold">
            <Trans>School code</Trans>
          </p>
          <p className="font-mono text-6xl font-extrabold tracking-[0.2em] text-accent-strong sm:text-8xl print:text-7xl">
            {code}
          </p>
        </div>
        <QrCode
          text={url}
          label={t`QR code of the join link`}
          className="size-56 sm:size-64 print:size-[70mm]"
        />
        <p className="font-semibold break-all">{url}</p>
        <div className="grid w-full gap-4 text-left sm:grid-cols-2 print:grid-cols-2">
          <section aria-labelledby="poster-students" className="rounded-xl border-2 p-4">
            <h2 id="poster-students" className="mb-2 text-xl font-bold">
              <Trans>Students and staff</Trans>
            </h2>
            <ol className="list-decimal space-y-1 pl-5">
              <li>
                <Trans>Scan the QR code with a phone or tablet camera, or open the address.</Trans>
              </li>
              <li>
                <Trans>The code is filled in: choose Find, then Join.</Trans>
              </li>
              <li>
                <Trans>Enter your name, e-mail and a password.</Trans>
              </li>
            </ol>
          </section>
          <section aria-labelledby="poster-families" className="rounded-xl border-2 p-4">
            <h2 id="poster-families" className="mb-2 text-xl font-bold">
              <Trans>Families and community</Trans>
            </h2>
            <p>
              <Trans>
                You join the team of a student or staff member, not the school: open{' '}
                <span className="font-semibold break-all">{signUpUrl}</span>, choose Family &amp;
                community and type their e-mail.
              </Trans>
            </p>
          </section>
        </div>
      </Card>
    </>
  );
}
