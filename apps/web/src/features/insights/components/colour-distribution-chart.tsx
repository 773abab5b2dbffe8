import { DAY_COLORS, type DayColor, type InsightWeek, THEME_HEX } from '@wellbank/domain';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';
import { formatWeek, NOT_SHOWN } from './chart-format';
import { ChartSection } from './chart-section';

/** Best first, as a reader scans a legend. */
const COLOURS_BEST_FIRST = [...DAY_COLORS].reverse() as DayColor[];

const COLOUR_NAMES: Record<DayColor, string> = {
  dark_green: 'Dark green',
  light_green: 'Light green',
  yellow: 'Yellow',
  light_red: 'Light red',
  dark_red: 'Red',
};

/** Issue 16 §4: the days logged each week by the colour of their balance (SPEC.md §4). */
export function ColourDistributionChart({ weeks }: { weeks: readonly InsightWeek[] }) {
  return (
    <ChartSection
      id="colours"
      title="Colour of the days"
      description="How the days your students logged each week came out, by the dashboard's colours: dark green is a balance of $2.50 or more, red −$2.50 or less."
      table={
        <DataTable scrollLabel="Colour of the days table">
          <caption className="sr-only">Days logged each week by colour</caption>
          <thead>
            <tr>
              <th scope="col" className={thClasses}>
                Week
              </th>
              {COLOURS_BEST_FIRST.map((colour) => (
                <th key={colour} scope="col" className={thClasses}>
                  {COLOUR_NAMES[colour]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.start_date}>
                <th scope="row" className={`${tdClasses} whitespace-nowrap font-medium`}>
                  {formatWeek(week)}
                </th>
                {week.colors === null ? (
                  <td colSpan={COLOURS_BEST_FIRST.length} className={tdClasses}>
                    {NOT_SHOWN}
                  </td>
                ) : (
                  COLOURS_BEST_FIRST.map((colour) => (
                    <td key={colour} className={`${tdClasses} tabular-nums`}>
                      {week.colors?.[colour]}
                    </td>
                  ))
                )}
              </tr>
            ))}
          </tbody>
        </DataTable>
      }
    >
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {COLOURS_BEST_FIRST.map((colour) => (
          <li key={colour} className="flex items-center gap-1.5">
            <span
              className="inline-block size-3 rounded-sm"
              style={{ background: THEME_HEX[colour] }}
            />
            {COLOUR_NAMES[colour]}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2">
        {weeks.map((week) => (
          <WeekBar key={week.start_date} week={week} />
        ))}
      </div>
    </ChartSection>
  );
}

function WeekBar({ week }: { week: InsightWeek }) {
  const total = week.colors ? DAY_COLORS.reduce((sum, c) => sum + (week.colors?.[c] ?? 0), 0) : 0;
  return (
    <div className="grid grid-cols-[6.5rem_1fr] items-center gap-2 text-xs sm:grid-cols-[8rem_1fr]">
      <span className="font-medium text-slate-700">{formatWeek(week)}</span>
      {week.colors && total > 0 ? (
        <div className="flex h-5 overflow-hidden rounded">
          {COLOURS_BEST_FIRST.map((colour) => {
            const days = week.colors?.[colour] ?? 0;
            return days === 0 ? null : (
              <div
                key={colour}
                style={{ width: `${(days / total) * 100}%`, background: THEME_HEX[colour] }}
              />
            );
          })}
        </div>
      ) : (
        <span className="flex h-5 items-center rounded border border-dashed border-slate-400 bg-slate-100 px-2 text-slate-600">
          {NOT_SHOWN}
        </span>
      )}
    </div>
  );
}
