import { Trans, useLingui } from '@lingui/react/macro';
import {
  ACTIVITY_TITLES,
  dayColor,
  dollarsToCents,
  INSIGHT_CATEGORIES,
  INSIGHTS_MESSAGES,
  type InsightCategory,
  type InsightWeek,
  THEME_HEX,
} from '@wellbank/domain';
import { tdClasses } from '@/components/ui/data-table';
import { useFormats } from '@/i18n/formats';
import { BarChart } from './bar-chart';
import { formatDollars, formatShortDay, formatWeek } from './chart-format';
import { ChartSection, SuppressedKey } from './chart-section';
import { ChartTable } from './chart-table';

const CATEGORY_COLOR = 'var(--color-accent-strong)';

function averageOf(week: InsightWeek, type: InsightCategory): number | null {
  return week.categories.find((category) => category.activity_type === type)?.average ?? null;
}

/**
 * Issue 16 §4: per week, the students' average day energy, the balance before stress (bars in
 * the colour of that amount, decision 0043), and each category's average, one small chart per category. Stress has none (decision 0032).
 */
export function WeeklyAveragesChart({ weeks }: { weeks: readonly InsightWeek[] }) {
  const { t, i18n } = useLingui();
  const formats = useFormats();
  const notShown = i18n._(INSIGHTS_MESSAGES.notEnoughStudents);
  const money = (value: number | null) =>
    value === null ? notShown : formatDollars(value, formats);
  const energyBars = weeks.map((week) => ({
    key: week.start_date,
    label: formatShortDay(week.start_date, formats),
    value: week.average_energy,
    color:
      week.average_energy === null ? '' : THEME_HEX[dayColor(dollarsToCents(week.average_energy))],
    valueLabel: week.average_energy === null ? '' : formatDollars(week.average_energy, formats),
  }));
  return (
    <ChartSection
      id="weekly"
      title={t`Weekly averages`}
      description={t`The average energy of the days your students logged (what the day's categories earned, before stress), week by week (weeks start on Monday), and each category's average. Stress is left out of every figure: a child's stress is theirs alone.`}
      table={
        <ChartTable
          scrollLabel={t`Weekly averages table`}
          caption={<Trans>Weekly averages, in dollars</Trans>}
          headings={[
            t`Week`,
            t`Students`,
            t`Energy`,
            ...INSIGHT_CATEGORIES.map((type) => i18n._(ACTIVITY_TITLES[type])),
          ]}
          rows={weeks.map((week) => ({
            key: week.start_date,
            heading: formatWeek(week, formats),
            cells: (
              <>
                <td className={`${tdClasses} tabular-nums`}>{week.students ?? notShown}</td>
                <td className={`${tdClasses} tabular-nums`}>{money(week.average_energy)}</td>
                {INSIGHT_CATEGORIES.map((type) => (
                  <td key={type} className={`${tdClasses} tabular-nums`}>
                    {money(averageOf(week, type))}
                  </td>
                ))}
              </>
            ),
          }))}
        />
      }
    >
      <h3 className="text-sm font-semibold text-slate-700">
        <Trans>Average energy</Trans>
      </h3>
      <BarChart bars={energyBars} height={170} showValues />
      <h3 className="text-sm font-semibold text-slate-700">
        <Trans>By category (latest week's average)</Trans>
      </h3>
      <div className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-4">
        {INSIGHT_CATEGORIES.map((type) => (
          <CategoryChart key={type} type={type} weeks={weeks} />
        ))}
      </div>
      {weeks.some((week) => week.suppressed) && <SuppressedKey />}
    </ChartSection>
  );
}

/** One category's small chart: its weeks as bars, the latest shown average beside its name. */
function CategoryChart({ type, weeks }: { type: InsightCategory; weeks: readonly InsightWeek[] }) {
  const formats = useFormats();
  const { i18n } = useLingui();
  const averages = weeks.map((week) => averageOf(week, type));
  const latest = averages.findLast((value) => value !== null);
  return (
    <div className="flex flex-col gap-1">
      <span className="flex items-baseline justify-between gap-2 text-xs">
        <span className="font-semibold text-slate-700">{i18n._(ACTIVITY_TITLES[type])}</span>
        {latest != null && (
          <span className="font-bold tabular-nums">{formatDollars(latest, formats)}</span>
        )}
      </span>
      <BarChart
        height={80}
        bars={weeks.map((week, i) => ({
          key: week.start_date,
          label: formatShortDay(week.start_date, formats),
          value: averages[i] ?? null,
          color: CATEGORY_COLOR,
        }))}
      />
    </div>
  );
}
