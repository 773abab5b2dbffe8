import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FamilyLetterPage, formatFamilyCode, GUARDIANS_PER_CHILD_MAX } from '@wellbank/domain';
import { QrCode } from '@/components/qr-code';
import { Spinner } from '@/components/ui/spinner';
import { i18nIn } from '@/i18n/fixed-language';
import type { Language } from '@/i18n/languages';

/**
 * The family letters of a homeroom (issue 36 §2, decision 0075), in the language the family reads,
 * whatever the app shows: one printed page per child (index.css: `family-letter`).
 */
export function FamilyLetters({
  pages,
  language,
  schoolName,
}: {
  pages: readonly FamilyLetterPage[];
  language: Language;
  schoolName: string;
}) {
  const letterI18n = useQuery({
    queryKey: ['i18n', language],
    queryFn: () => i18nIn(language),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!letterI18n.data) return <Spinner label={<Trans>Loading the letters...</Trans>} />;
  return (
    <I18nProvider i18n={letterI18n.data}>
      <div lang={language} className="family-letters flex flex-col gap-6">
        {pages.map((page) => (
          <LetterPage key={page.id} page={page} schoolName={schoolName} />
        ))}
      </div>
    </I18nProvider>
  );
}

function LetterPage({ page, schoolName }: { page: FamilyLetterPage; schoolName: string }) {
  const { t } = useLingui();
  const name = `${page.first_name} ${page.last_name}`;
  const code = formatFamilyCode(page.code);
  const linkPage = new URL('/family/link', page.url).href;
  const max = GUARDIANS_PER_CHILD_MAX;
  return (
    <article className="family-letter flex flex-col gap-3 rounded-lg border border-slate-300 bg-white p-6 text-black print:rounded-none print:border-0 print:p-0">
      <h2 className="text-2xl font-bold">
        <Trans>Wellbank for the family of {name}</Trans>
      </h2>
      <p>
        <Trans>
          {schoolName} uses Wellbank, a wellness app. Students log their day: sleep, water, physical
          activity, food, rest, sunshine and hygiene, and earn points toward a school goal.
        </Trans>
      </p>
      <h3 className="text-lg font-bold">
        <Trans>What is collected</Trans>
      </h3>
      <p>
        <Trans>
          Your child’s name, school and homeroom, and what they log each day with its amounts. The
          school sees points, not the day’s details.
        </Trans>
      </p>
      <h3 className="text-lg font-bold">
        <Trans>The stress question is voluntary</Trans>
      </h3>
      <p>
        <Trans>
          Wellbank also asks how stressed your child feels about people, money, personal matters,
          time and health. Answering is up to your child: they may leave it unanswered. The answers
          are seen by your child alone, never by you or the school. To turn the question off for
          your child, ask the school.
        </Trans>
      </p>
      <h3 className="text-lg font-bold">
        <Trans>See your child’s days</Trans>
      </h3>
      <p>
        <Trans>
          Scan the QR code with your phone’s camera, or go to {linkPage} and type the code. You
          create a family account and see your child’s days, read only.
        </Trans>
      </p>
      <div className="flex flex-wrap items-center gap-6">
        <QrCode
          text={page.url}
          label={t`QR code of the family link of ${name}`}
          className="size-[1.8in]"
        />
        <p className="flex flex-col">
          <span className="text-sm font-semibold">
            <Trans>Family code</Trans>
          </span>
          <span className="font-mono text-3xl font-bold tracking-widest">{code}</span>
        </p>
      </div>
      <p className="text-sm">
        <Trans>
          Up to {max} family members can use this code. Keep it private: whoever has it can see your
          child’s days. If a code gets lost, ask the school for a new one.
        </Trans>
      </p>
    </article>
  );
}
