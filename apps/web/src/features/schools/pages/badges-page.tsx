import { Trans, useLingui } from '@lingui/react/macro';
import { type BadgeHolder, DEFAULT_TIME_ZONE, type PrintedBadge } from '@wellbank/domain';
import { useState } from 'react';
import { Picture } from '@/components/picture';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useFormats } from '@/i18n/formats';
import { useSchoolTimeZone } from '@/lib/day/school-day';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { useBadgeHolders, useHomerooms, useIssueBadgeSheet, useReissueBadge } from '../api/badges';
import { BadgeSheet } from '../components/badge-sheet';

/**
 * Badges (issue 34 §3, decision 0065), for staff and admins: a homeroom's children, their badges'
 * dates, and the sheet of the badges just made, to print. A link exists only when its badge is
 * made, so printing again means a new badge, which voids the one printed before.
 */
export function BadgesPage() {
  const { t } = useLingui();
  const schoolId = useSession()?.school.id ?? 0;
  const homerooms = useHomerooms(schoolId);
  const [homeroom, setHomeroom] = useState('');
  const [sheet, setSheet] = useState<PrintedBadge[]>([]);
  const [replacingAll, setReplacingAll] = useState(false);
  const holders = useBadgeHolders(schoolId, homeroom);
  const issueSheet = useIssueBadgeSheet(schoolId);

  const choose = (value: string) => {
    setHomeroom(value);
    setSheet([]);
    issueSheet.reset();
  };
  const makeSheet = (replace: boolean) =>
    issueSheet.mutate(
      { homeroom, replace },
      {
        onSuccess: (made) => {
          setSheet(made);
          setReplacingAll(false);
        },
      },
    );
  const addToSheet = (badge: PrintedBadge) =>
    setSheet((current) => [...current.filter((other) => other.id !== badge.id), badge]);

  if (homerooms.isPending) return <Spinner label={t`Loading homerooms...`} />;
  if (homerooms.isError) return <ErrorBox messages={[errorText(homerooms.error)]} />;
  const options = [
    { value: '', label: t`Choose a homeroom` },
    ...homerooms.data.map((name) => ({ value: name, label: name })),
  ];
  const missing = holders.data?.filter((holder) => !holder.badge_issued_at).length ?? 0;

  return (
    <>
      <Card className="flex flex-col gap-3 print:hidden">
        <h1 className="text-2xl font-bold">
          <Trans>Badges</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>
            A badge is a 2-inch label with a child’s first name, picture and a QR code. A child
            holds it to a tablet’s camera (or opens its link) and is signed in on that device until
            they are done or for ten idle minutes.
          </Trans>
        </p>
        <p className="text-slate-700">
          <Trans>
            Wellbank keeps no copy of a badge’s link, so a badge is printed when it is made. To
            print one again, or when one is lost, void and reissue it: the old badge stops working.
          </Trans>
        </p>
        {homerooms.data.length === 0 ? (
          <p className="font-semibold">
            <Trans>
              No student has a homeroom yet. A coordinator sets homerooms in Staff & students or
              with a roster import.
            </Trans>
          </p>
        ) : (
          <SelectField
            label={<Trans>Homeroom</Trans>}
            options={options}
            value={homeroom}
            onChange={(event) => choose(event.target.value)}
            className="max-w-xs"
          />
        )}
      </Card>
      {homeroom && (
        <Card className="flex flex-col gap-3 print:hidden">
          <h2 className="text-xl font-bold">
            <Trans>Children in {homeroom}</Trans>
          </h2>
          {holders.isPending && <Spinner label={t`Loading the children...`} />}
          {holders.isError && <ErrorBox messages={[errorText(holders.error)]} />}
          {holders.data && (
            <>
              <HolderList
                holders={holders.data}
                schoolId={schoolId}
                homeroom={homeroom}
                onIssued={addToSheet}
              />
              <div className="flex flex-wrap gap-3">
                <Button
                  onClick={() => makeSheet(false)}
                  disabled={missing === 0 || issueSheet.isPending}
                >
                  <Trans>Make the missing badges</Trans>
                </Button>
                <Button variant="secondary" onClick={() => setReplacingAll(true)}>
                  <Trans>Replace all badges</Trans>
                </Button>
              </div>
              {issueSheet.isError && !replacingAll && (
                <ErrorBox messages={[errorText(issueSheet.error)]} />
              )}
            </>
          )}
        </Card>
      )}
      {sheet.length > 0 && <BadgeSheet badges={sheet} />}
      <ConfirmDialog
        open={replacingAll}
        onOpenChange={setReplacingAll}
        title={<Trans>Replace all badges of {homeroom}?</Trans>}
        confirmLabel={<Trans>Replace all badges</Trans>}
        pendingLabel={<Trans>Making badges...</Trans>}
        confirmVariant="primary"
        pending={issueSheet.isPending}
        error={issueSheet.isError ? errorText(issueSheet.error) : undefined}
        onConfirm={() => makeSheet(true)}
      >
        <p>
          <Trans>Every child gets a new badge, and every badge printed before stops working.</Trans>
        </p>
      </ConfirmDialog>
    </>
  );
}

/** The homeroom's children with their badge's date and "Void and reissue" (or "Make badge"). */
function HolderList({
  holders,
  schoolId,
  homeroom,
  onIssued,
}: {
  holders: readonly BadgeHolder[];
  schoolId: number;
  homeroom: string;
  onIssued: (badge: PrintedBadge) => void;
}) {
  const { formatSchoolDay } = useFormats();
  const timeZone = useSchoolTimeZone().data ?? DEFAULT_TIME_ZONE;
  const reissue = useReissueBadge(schoolId, homeroom);
  const [voiding, setVoiding] = useState<BadgeHolder>();
  const voidingName = voiding?.display_name ?? '';

  const issue = (holder: BadgeHolder) =>
    reissue.mutate(holder, {
      onSuccess: ({ url }) => {
        const { id, display_name, picture } = holder;
        onIssued({ id, display_name, picture, url });
        setVoiding(undefined);
      },
    });

  return (
    <>
      <ul className="flex flex-col divide-y divide-slate-200">
        {holders.map((holder) => {
          const name = holder.display_name;
          const issuedAt = holder.badge_issued_at;
          const madeOn = issuedAt && formatSchoolDay(new Date(issuedAt), timeZone);
          return (
            <li key={holder.id} className="flex flex-wrap items-center gap-3 py-2">
              <Picture picture={holder.picture} className="size-8 text-accent-strong" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{name}</p>
                <p className="text-sm text-slate-700">
                  {madeOn ? <Trans>Badge made {madeOn}</Trans> : <Trans>No badge yet</Trans>}
                </p>
              </div>
              {issuedAt ? (
                <Button variant="secondary" onClick={() => setVoiding(holder)}>
                  <Trans>Void and reissue</Trans>
                  <span className="sr-only">{name}</span>
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  onClick={() => issue(holder)}
                  disabled={reissue.isPending}
                >
                  <Trans>Make badge</Trans>
                  <span className="sr-only">{name}</span>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {reissue.isError && !voiding && <ErrorBox messages={[errorText(reissue.error)]} />}
      <ConfirmDialog
        open={voiding !== undefined}
        onOpenChange={(open) => !open && setVoiding(undefined)}
        title={<Trans>Void {voidingName}’s badge?</Trans>}
        confirmLabel={<Trans>Void and reissue</Trans>}
        pendingLabel={<Trans>Making the badge...</Trans>}
        confirmVariant="primary"
        pending={reissue.isPending}
        error={reissue.isError ? errorText(reissue.error) : undefined}
        onConfirm={() => voiding && issue(voiding)}
      >
        <p>
          <Trans>
            The badge printed before stops working: it says so when scanned. The new one is added to
            the sheet below, to print.
          </Trans>
        </p>
      </ConfirmDialog>
    </>
  );
}
