import {
  dayColor,
  dollarsToCents,
  INSIGHT_CATEGORIES,
  type InsightCategory,
  type InsightWeek,
  THEME_HEX,
} from '@wellbank/domain';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';
import { ACTIVITY_TITLES } from '@/lib/activity-labels';
import { BarChart } from './bar-chart';
import { formatDollars, formatShortDay, formatWeek, NOT_SHOWN } from './chart-format';
import { ChartSection, SuppressedKey } from './chart-section';

const CATEGORY_COLOR = 'var(--color-accent-strong)';

function averageOf(week: InsightWeek, type: InsightCategory): number | null {
  return week.categories.find((category) => category.activity_type === type)?.average ?? null;
}

const money = (value: number | null) => (value === null ? NOT_SHOWN : formatDollars(value));

/**
 * Issue 16 §4: per week, the students' average day balance (bars in the colour of that balance)
 * and each category's average, one small chart per category. Stress has none (decision 0032).
 */
export function WeeklyAveragesChart({ weeks }: { weeks: readonly InsightWeek[] }) {
  const balanceBars = weeks.map((week) => ({
    key: week.start_date,
    label: formatShortDay(week.start_date),
    value: week.average_balance,
    color:
      week.average_balance === null
        ? ''
        : THEME_HEX[dayColor(dollarsToCents(week.average_balance))],
    valueLabel: week.average_balance === null ? '' : formatDollars(week.average_balance),
  }));
  return (
    <ChartSection
      id="weekly"
      title="Weekly averages"
      description="The average balance of the days your students logged, week by week (weeks start on Monday), and each category's average. Stress is left out: a child's stress is theirs alone."
      table={
        <DataTable scrollLabel="Weekly averages table">
          <caption className="sr-only">Weekly averages, in dollars</caption>
          <thead>
            <tr>
              <th scope="col" className={thClasses}>
                Week
              </th>
              <th scope="col" className={thClasses}>
                Students
              </th>
              <th scope="col" className={thClasses}>
                Balance
              </th>
              {INSIGHT_CATEGORIES.map((type) => (
                <th key={type} scope="col" className={thClasses}>
                  {ACTIVITY_TITLES[type]}
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
                <td className={`${tdClasses} tabular-nums`}>{week.students ?? NOT_SHOWN}</td>
                <td className={`${tdClasses} tabular-nums`}>{money(week.average_balance)}</td>
                {INSIGHT_CATEGORIES.map((type) => (
                  <td key={type} className={`${tdClasses} tabular-nums`}>
                    {money(averageOf(week, type))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </DataTable>
      }
    >
      <h3 className="text-sm font-semibold text-slate-700">Average balance</h3>
      <BarChart bars={balanceBars} height={170} showValues />
      <h3 className="text-sm font-semibold text-slate-700">By category</h3>
      <div className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-4">
        {INSIGHT_CATEGORIES.map((type) => (
          <div key={type} className="flex flex-col gap-1">
            <span className="text-xs font-semibold text-slate-700">{ACTIVITY_TITLES[type]}</span>
            <BarChart
              height={96}
              showValues
              bars={weeks.map((week) => {
                const value = averageOf(week, type);
                return {
                  key: week.start_date,
                  label: formatShortDay(week.start_date),
                  value,
                  color: CATEGORY_COLOR,
                  valueLabel: value === null ? '' : formatDollars(value).replace('.00', ''),
                };
              })}
            />
          </div>
        ))}
      </div>
      {weeks.some((week) => week.suppressed) && <SuppressedKey />}
    </ChartSection>
  );
}
