import { Trans, useLingui } from '@lingui/react/macro';
import { PAST_DAY_TEXTS } from '@wellbank/domain';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { StatusMessage } from '@/components/ui/status-message';
import { dayPath } from '@/lib/day/day-param';

type Reason = 'invalid' | 'future' | 'read-only';

const TEXTS: Record<Reason, string> = {
  invalid: PAST_DAY_TEXTS.invalidDay,
  future: PAST_DAY_TEXTS.futureDay,
  'read-only': PAST_DAY_TEXTS.entryReadOnly,
};

/** A day in a URL that cannot be shown or changed: says why and offers a way on. */
export function DayUnavailable({ reason, date }: { reason: Reason; date?: string }) {
  const { i18n } = useLingui();
  return (
    <Card aria-labelledby="day-unavailable-title" className="flex flex-col gap-4">
      <h1 id="day-unavailable-title" className="text-2xl font-bold">
        {reason === 'read-only' ? (
          <Trans>This day cannot be changed</Trans>
        ) : (
          <Trans>Day not found</Trans>
        )}
      </h1>
      <StatusMessage tone="info">{i18n._(TEXTS[reason])}</StatusMessage>
      <p className="flex flex-wrap gap-x-6 gap-y-2 font-semibold">
        {date && (
          <Link
            to={dayPath(date)}
            className="inline-flex min-h-11 items-center text-accent-strong underline"
          >
            <Trans>Open the day</Trans>
          </Link>
        )}
        <Link
          to="/progress"
          className="inline-flex min-h-11 items-center text-accent-strong underline"
        >
          <Trans>Progress</Trans>
        </Link>
        <Link
          to="/dashboard"
          className="inline-flex min-h-11 items-center text-accent-strong underline"
        >
          <Trans>Today</Trans>
        </Link>
      </p>
    </Card>
  );
}
