import { Trans, useLingui } from '@lingui/react/macro';
import {
  addDays,
  COLOR_NAMES,
  type DailyBalance,
  dayColor,
  dollarsToCents,
  THEME_HEX,
} from '@wellbank/domain';
import { Link } from 'react-router';
import { useFormats } from '@/i18n/formats';
import { dayPath } from '@/lib/day/day-param';

/** Day names in the reader's language. */
function useDayFormats() {
  const { dateFormat } = useFormats();
  return {
    weekday: dateFormat({ weekday: 'narrow', timeZone: 'UTC' }),
    longDay: dateFormat({ weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }),
  };
}

/** Slate-500: 4.8:1 against white, so even the palest bar has an edge (WCAG 1.4.11: ≥ 3:1). */
const BAR_EDGE = '#64748b';

/** The smallest scale is $5 each way, so a quiet fortnight does not look dramatic. */
const MIN_SCALE_CENTS = 500;

interface Day {
  date: string;
  cents: number | null;
}

function lastDays(balances: DailyBalance[], today: string, days: number): Day[] {
  const byDate = new Map(balances.map((b) => [b.date, dollarsToCents(b.balance)]));
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(today, i - days + 1);
    return { date, cents: byDate.get(date) ?? null };
  });
}

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * Beyond SPEC.md: the last days' balances as bars coloured by the dashboard thresholds, each a
 * link to its day (issue #14); the table under them says the same in words.
 */
export function BalanceChart({
  balances,
  today,
  days,
  dayHref = dayPath,
}: {
  balances: DailyBalance[];
  today: string;
  days: number;
  /** Where a day's bar leads: the person's own day page, unless another page shows the day. */
  dayHref?: (date: string) => string;
}) {
  const { formatCents } = useFormats();
  const { i18n, t } = useLingui();
  const { weekday, longDay } = useDayFormats();
  const series = lastDays(balances, today, days);
  const scale = Math.max(MIN_SCALE_CENTS, ...series.map((d) => Math.abs(d.cents ?? 0)));

  return (
    <section aria-labelledby="chart-title" className="flex flex-col gap-2">
      <h2 id="chart-title" className="text-lg font-bold">
        <Trans>Last {days} days</Trans>
      </h2>
      <p className="text-sm text-slate-700">
        <Trans>Tap a day to see it.</Trans>
      </p>
      {/* Into the card's padding and without gaps: 14 links of at least 24 px on a 390 px phone
          (WCAG 2.5.8); the bars keep their spacing inside the links. */}
      <ul className="-mx-4 flex h-44 items-stretch">
        {series.map((day) => {
          const height = day.cents === null ? 0 : (Math.abs(day.cents) / scale) * 50;
          const positive = (day.cents ?? 0) >= 0;
          const dayName = longDay.format(utc(day.date));
          const amount = day.cents === null ? '' : formatCents(day.cents);
          const colour = day.cents === null ? '' : i18n._(COLOR_NAMES[dayColor(day.cents)]);
          return (
            <li key={day.date} className="flex flex-1">
              <Link
                to={dayHref(day.date)}
                aria-label={
                  day.cents === null
                    ? t`${dayName}: nothing logged`
                    : t`${dayName}: ${amount}, ${colour}`
                }
                className="flex flex-1 flex-col rounded-md hover:bg-emerald-50"
              >
                <span aria-hidden className="relative flex-1">
                  <span className="absolute inset-x-0 top-1/2 border-t border-slate-300" />
                  {day.cents !== null && (
                    <span
                      className="absolute inset-x-1 rounded-sm"
                      style={{
                        backgroundColor: THEME_HEX[dayColor(day.cents)],
                        // An edge for the pale colours on white (WCAG 1.4.11: ≥ 3:1 for shapes).
                        boxShadow: `inset 0 0 0 1px ${BAR_EDGE}`,
                        height: `max(${height}%, 3px)`,
                        ...(positive ? { bottom: '50%' } : { top: '50%' }),
                      }}
                    />
                  )}
                </span>
                <span aria-hidden className="py-1 text-center text-xs font-semibold text-slate-600">
                  {weekday.format(utc(day.date))}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <details className="text-sm">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-accent-strong">
          <Trans>Show as a table</Trans>
        </summary>
        <table className="w-full text-left">
          <caption className="sr-only">
            <Trans>Daily balance, last {days} days</Trans>
          </caption>
          <thead>
            <tr className="border-b-2 border-slate-200">
              <th scope="col" className="py-1">
                <Trans>Day</Trans>
              </th>
              <th scope="col" className="py-1">
                <Trans>Balance</Trans>
              </th>
              <th scope="col" className="py-1">
                <Trans>Colour</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {series.map((day) => (
              <tr key={day.date} className="border-b border-slate-100">
                <th scope="row" className="py-1 font-medium">
                  <Link
                    to={dayHref(day.date)}
                    className="inline-flex min-h-11 items-center text-accent-strong underline"
                  >
                    {longDay.format(utc(day.date))}
                  </Link>
                </th>
                <td className="py-1 tabular-nums">
                  {day.cents === null ? <Trans>Nothing logged</Trans> : formatCents(day.cents)}
                </td>
                <td className="py-1">
                  {day.cents === null ? '' : i18n._(COLOR_NAMES[dayColor(day.cents)])}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
