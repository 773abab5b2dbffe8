import type { ParticipationDay } from '@wellbank/domain';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';
import { BarChart } from './bar-chart';
import {
  formatLongDay,
  formatShare,
  formatShortDay,
  NOT_SHOWN,
  studentsCount,
} from './chart-format';
import { ChartSection, SuppressedKey } from './chart-section';

const BAR_COLOR = 'var(--color-accent-strong)';

/** Issue 16 §4: the share of the school's students who logged something, day by day. */
export function ParticipationChart({
  days,
  studentCount,
}: {
  days: readonly ParticipationDay[];
  studentCount: number;
}) {
  const bars = days.map((day) => ({
    key: day.date,
    label: formatShortDay(day.date),
    value: day.share === null ? null : day.share * 100,
    color: BAR_COLOR,
  }));
  return (
    <ChartSection
      id="participation"
      title="Participation"
      description={`The share of your ${studentsCount(studentCount)} who logged anything, each day.`}
      table={
        <DataTable>
          <caption className="sr-only">Participation by day</caption>
          <thead>
            <tr>
              <th scope="col" className={thClasses}>
                Day
              </th>
              <th scope="col" className={thClasses}>
                Students who logged
              </th>
              <th scope="col" className={thClasses}>
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row" className={`${tdClasses} font-medium`}>
                  {formatLongDay(day.date)}
                </th>
                {day.share === null ? (
                  <td colSpan={2} className={tdClasses}>
                    {NOT_SHOWN}
                  </td>
                ) : (
                  <>
                    <td className={`${tdClasses} tabular-nums`}>{day.students_logged}</td>
                    <td className={`${tdClasses} tabular-nums`}>{formatShare(day.share)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </DataTable>
      }
    >
      <BarChart bars={bars} ticks={[0, 50, 100]} formatTick={(tick) => `${tick}%`} />
      {days.some((day) => day.suppressed) && <SuppressedKey />}
    </ChartSection>
  );
}
