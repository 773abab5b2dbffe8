import { Trans, useLingui } from '@lingui/react/macro';
import type { FamilyLetterPage } from '@wellbank/domain';
import { Printer } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/i18n/language';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@/i18n/languages';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { useHomerooms } from '../api/badges';
import { useMakeFamilyLetters } from '../api/family-letters';
import { FamilyLetters } from '../components/family-letter';

/**
 * Family letters (issue 36 §2, decision 0075), for staff and admins: a homeroom's letters, one page
 * per child with their family code and its QR link, in English or Spanish. Codes exist only when
 * made, so printing again makes new codes and the earlier letters' codes stop working.
 */
export function FamilyLettersPage() {
  const { t } = useLingui();
  const session = useSession();
  const schoolId = session?.school.id ?? 0;
  const homerooms = useHomerooms(schoolId);
  const [homeroom, setHomeroom] = useState('');
  const [language, setLanguage] = useState<Language>(useLanguage());
  const [pages, setPages] = useState<FamilyLetterPage[]>([]);
  const [confirming, setConfirming] = useState(false);
  const make = useMakeFamilyLetters(schoolId);

  if (homerooms.isPending) return <Spinner label={t`Loading homerooms...`} />;
  if (homerooms.isError) return <ErrorBox messages={[errorText(homerooms.error)]} />;
  const options = [
    { value: '', label: t`Choose a homeroom` },
    ...homerooms.data.map((name) => ({ value: name, label: name })),
  ];
  const makeLetters = () =>
    make.mutate(homeroom, {
      onSuccess: (made) => {
        setPages(made);
        setConfirming(false);
      },
    });

  return (
    <>
      <Card className="flex flex-col gap-3 print:hidden">
        <h1 className="text-2xl font-bold">
          <Trans>Family letters</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>
            A family letter tells a child’s family what Wellbank is and what it collects, and gives
            them the child’s family code and a QR code to link their account. One page per child.
          </Trans>
        </p>
        <p className="text-slate-700">
          <Trans>
            Wellbank keeps no copy of the codes, so the letters are printed when they are made.
            Making them again gives every child a new code: the earlier letters’ codes stop working,
            and families already linked stay linked.
          </Trans>
        </p>
        <div className="flex flex-wrap gap-3">
          <SelectField
            label={<Trans>Homeroom</Trans>}
            options={options}
            value={homeroom}
            onChange={(event) => {
              setHomeroom(event.target.value);
              setPages([]);
              make.reset();
            }}
            className="max-w-xs"
          />
          <SelectField
            label={<Trans>Letter language</Trans>}
            options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
            value={language}
            onChange={(event) => isLanguage(event.target.value) && setLanguage(event.target.value)}
            className="max-w-xs"
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button disabled={!homeroom} onClick={() => setConfirming(true)}>
            <Trans>Make family letters</Trans>
          </Button>
          {pages.length > 0 && (
            <Button variant="secondary" onClick={() => window.print()}>
              <Printer aria-hidden className="size-5" />
              <Trans>Print letters</Trans>
            </Button>
          )}
        </div>
      </Card>
      {pages.length > 0 && (
        <FamilyLetters pages={pages} language={language} schoolName={session?.school.name ?? ''} />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={<Trans>Make family letters for {homeroom}?</Trans>}
        confirmLabel={<Trans>Make family letters</Trans>}
        pendingLabel={<Trans>Making letters...</Trans>}
        confirmVariant="primary"
        pending={make.isPending}
        error={make.isError ? errorText(make.error) : undefined}
        onConfirm={makeLetters}
      >
        <p>
          <Trans>
            Every child of the homeroom gets a new family code: codes printed before stop working.
          </Trans>
        </p>
      </ConfirmDialog>
    </>
  );
}
