import {
  addDays,
  type DailyBalance,
  dayColor,
  dollarsToCents,
  formatCents,
  THEME_HEX,
} from '@wellbank/domain';

const COLOR_NAMES = {
  dark_green: 'dark green',
  light_green: 'light green',
  yellow: 'yellow',
  light_red: 'light red',
  dark_red: 'red',
} as const;

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'narrow', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

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
 * Beyond SPEC.md: the last days' balances as bars coloured by the dashboard thresholds. The bars
 * are decoration for sighted users; the table under them says the same for everyone else.
 */
export function BalanceChart({
  balances,
  today,
  days,
}: {
  balances: DailyBalance[];
  today: string;
  days: number;
}) {
  const series = lastDays(balances, today, days);
  const scale = Math.max(MIN_SCALE_CENTS, ...series.map((d) => Math.abs(d.cents ?? 0)));

  return (
    <section aria-labelledby="chart-title" className="flex flex-col gap-2">
      <h2 id="chart-title" className="text-lg font-bold">
        Last {days} days
      </h2>
      <div aria-hidden className="flex h-40 items-stretch gap-1">
        {series.map((day) => {
          const height = day.cents === null ? 0 : (Math.abs(day.cents) / scale) * 50;
          const positive = (day.cents ?? 0) >= 0;
          return (
            <div key={day.date} className="relative flex flex-1 flex-col">
              <div className="absolute inset-x-0 top-1/2 border-t border-slate-300" />
              {day.cents !== null && (
                <div
                  className="absolute inset-x-0.5 rounded-sm"
                  style={{
                    backgroundColor: THEME_HEX[dayColor(day.cents)],
                    height: `max(${height}%, 3px)`,
                    ...(positive ? { bottom: '50%' } : { top: '50%' }),
                  }}
                />
              )}
            </div>
          );
        })}
      </div>
      <div aria-hidden className="flex gap-1 text-center text-xs font-semibold text-slate-600">
        {series.map((day) => (
          <span key={day.date} className="flex-1">
            {weekday.format(utc(day.date))}
          </span>
        ))}
      </div>
      <details className="text-sm">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-accent-strong">
          Show as a table
        </summary>
        <table className="w-full text-left">
          <caption className="sr-only">Daily balance, last {days} days</caption>
          <thead>
            <tr className="border-b-2 border-slate-200">
              <th scope="col" className="py-1">
                Day
              </th>
              <th scope="col" className="py-1">
                Balance
              </th>
              <th scope="col" className="py-1">
                Colour
              </th>
            </tr>
          </thead>
          <tbody>
            {series.map((day) => (
              <tr key={day.date} className="border-b border-slate-100">
                <th scope="row" className="py-1 font-medium">
                  {longDay.format(utc(day.date))}
                </th>
                <td className="py-1 tabular-nums">
                  {day.cents === null ? 'Nothing logged' : formatCents(day.cents)}
                </td>
                <td className="py-1">
                  {day.cents === null ? '' : COLOR_NAMES[dayColor(day.cents)]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
