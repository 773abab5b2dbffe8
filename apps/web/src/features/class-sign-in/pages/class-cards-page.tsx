import { Trans, useLingui } from '@lingui/react/macro';
import type { ClassCard } from '@wellbank/domain';
import { ArrowRight, LockOpen, Printer, RefreshCw } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Picture, usePictureName } from '@/components/picture';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { useClassCardActions, useClassCards } from '../api/class-sign-in';

/**
 * A homeroom's printable class cards (issue 34 §2): each child's name and picture and their two
 * secret pictures in order, for the child who forgets; staff give new ones or lift a lock here.
 */
export function ClassCardsPage() {
  const { t } = useLingui();
  const session = useSession();
  const schoolId = session?.school.id ?? 0;
  const [params, setParams] = useSearchParams();
  const homeroom = params.get('homeroom') ?? session?.homeroom ?? '';
  const [typed, setTyped] = useState(homeroom);
  const cards = useClassCards(schoolId, homeroom);
  const actions = useClassCardActions(schoolId, homeroom);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams({ homeroom: typed.trim() }, { replace: true });
  };

  return (
    <>
      <Card className="flex flex-col gap-4 print:hidden">
        <h1 className="text-2xl font-bold">
          <Trans>Class cards</Trans>
        </h1>
        <form onSubmit={submit} className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <TextField
            label={t`Homeroom`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className="flex-1"
          />
          <Button type="submit" variant="secondary" disabled={typed.trim() === ''}>
            <Trans>Show cards</Trans>
          </Button>
          <Button onClick={() => window.print()} disabled={!cards.data?.length}>
            <Printer aria-hidden className="size-5" />
            <Trans>Print</Trans>
          </Button>
        </form>
        {(actions.renew.isError || actions.unlock.isError) && (
          <ErrorBox messages={[errorText(actions.renew.error ?? actions.unlock.error)]} />
        )}
      </Card>
      {cards.isLoading && <Spinner label={t`Loading the class cards...`} />}
      {cards.isError && <ErrorBox messages={[errorText(cards.error)]} />}
      {cards.data?.length === 0 && (
        <p className="text-slate-700">
          <Trans>No students in this homeroom.</Trans>
        </p>
      )}
      {cards.data && cards.data.length > 0 && (
        <ul
          aria-label={t`Class cards of ${homeroom}`}
          className="grid gap-3 sm:grid-cols-2 print:grid-cols-3 print:gap-2"
        >
          {cards.data.map((card) => (
            <li key={card.id} className="print:break-inside-avoid">
              <ClassCardItem
                card={card}
                busy={actions.renew.isPending || actions.unlock.isPending}
                onRenew={() => actions.renew.mutate(card.id)}
                onUnlock={() => actions.unlock.mutate(card.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ClassCardItem({
  card,
  busy,
  onRenew,
  onUnlock,
}: {
  card: ClassCard;
  busy: boolean;
  onRenew: () => void;
  onUnlock: () => void;
}) {
  const nameOf = usePictureName();
  const [first, second] = card.secret_pictures;
  const name = card.display_name;
  return (
    <Card className="flex flex-col gap-3 print:p-3 print:shadow-none" data-testid="class-card">
      <h2 className="flex items-center gap-3 text-xl font-bold">
        <Picture picture={card.picture} className="size-10 text-accent-strong" />
        {name}
      </h2>
      <div className="flex items-center gap-2" data-testid="secret-pictures">
        <span className="sr-only">
          <Trans>Secret pictures, in order:</Trans>
        </span>
        <SecretStep picture={first} label={nameOf(first)} />
        <ArrowRight aria-hidden className="size-6 text-slate-500" />
        <SecretStep picture={second} label={nameOf(second)} />
      </div>
      {card.locked && (
        <p className="font-semibold text-danger">
          <Trans>Locked after five wrong tries</Trans>
        </p>
      )}
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button variant="ghost" onClick={onRenew} disabled={busy}>
          <RefreshCw aria-hidden className="size-5" />
          <Trans>New pictures for {name}</Trans>
        </Button>
        {card.locked && (
          <Button variant="secondary" onClick={onUnlock} disabled={busy}>
            <LockOpen aria-hidden className="size-5" />
            <Trans>Unlock {name}</Trans>
          </Button>
        )}
      </div>
    </Card>
  );
}

function SecretStep({
  picture,
  label,
}: {
  picture: ClassCard['picture'] | ClassCard['secret_pictures'][0];
  label: string;
}) {
  return (
    <span className="flex flex-col items-center rounded-xl border-2 border-slate-300 px-3 py-1">
      <Picture picture={picture} decorative className="size-10 text-accent-strong" />
      <span className="text-sm font-semibold">{label}</span>
    </span>
  );
}
