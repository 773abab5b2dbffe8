import { Trans, useLingui } from '@lingui/react/macro';
import {
  COLOR_NAMES,
  DAY_COLORS,
  type DayColor,
  INSIGHTS_MESSAGES,
  type InsightWeek,
  THEME_HEX,
} from '@wellbank/domain';
import { tdClasses } from '@/components/ui/data-table';
import { useFormats } from '@/i18n/formats';
import { formatWeek } from './chart-format';
import { ChartSection } from './chart-section';
import { ChartTable } from './chart-table';

/** Best first, as a reader scans a legend. */
const COLOURS_BEST_FIRST = [...DAY_COLORS].reverse() as DayColor[];

/** A colour's name as everywhere (the domain's), as a column heading or a legend's entry. */
function colourLabel(name: string): string {
  return name.charAt(0).toLocaleUpperCase() + name.slice(1);
}

/**
 * Issue 16 §4: the days logged each week by the colour (SPEC.md §4) of their energy, the balance
 * before stress: no figure of the insights holds stress (decision 0043).
 */
export function ColourDistributionChart({ weeks }: { weeks: readonly InsightWeek[] }) {
  const formats = useFormats();
  const { t, i18n } = useLingui();
  const notShown = i18n._(INSIGHTS_MESSAGES.notEnoughStudents);
  const colourName = (colour: DayColor) => colourLabel(i18n._(COLOR_NAMES[colour]));
  // The dashboard's thresholds (rules.md, Colours), as money in the reader's format.
  const high = formats.formatCents(250);
  const low = `−${high}`;
  return (
    <ChartSection
      id="colours"
      title={t`Colour of the days`}
      description={t`How the days your students logged each week came out, by the dashboard's colours of their energy (stress left out): green is ${high} or more, red ${low} or less.`}
      table={
        <ChartTable
          scrollLabel={t`Colour of the days table`}
          caption={<Trans>Days logged each week by colour</Trans>}
          headings={[t`Week`, ...COLOURS_BEST_FIRST.map(colourName)]}
          rows={weeks.map((week) => ({
            key: week.start_date,
            heading: formatWeek(week, formats),
            cells:
              week.colors === null ? (
                <td colSpan={COLOURS_BEST_FIRST.length} className={tdClasses}>
                  {notShown}
                </td>
              ) : (
                COLOURS_BEST_FIRST.map((colour) => (
                  <td key={colour} className={`${tdClasses} tabular-nums`}>
                    {week.colors?.[colour]}
                  </td>
                ))
              ),
          }))}
        />
      }
    >
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {COLOURS_BEST_FIRST.map((colour) => (
          <li key={colour} className="flex items-center gap-1.5">
            <span
              className="inline-block size-3 rounded-sm"
              style={{ background: THEME_HEX[colour] }}
            />
            {colourName(colour)}
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
  const formats = useFormats();
  const { i18n } = useLingui();
  const total = week.colors ? DAY_COLORS.reduce((sum, c) => sum + (week.colors?.[c] ?? 0), 0) : 0;
  return (
    <div className="grid grid-cols-[6.5rem_1fr] items-center gap-2 text-xs sm:grid-cols-[8rem_1fr]">
      <span className="font-medium text-slate-700">{formatWeek(week, formats)}</span>
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
          {i18n._(INSIGHTS_MESSAGES.notEnoughStudents)}
        </span>
      )}
    </div>
  );
}
