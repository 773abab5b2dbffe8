import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { INSIGHTS_MESSAGES, type ParticipationDay } from '@wellbank/domain';
import { tdClasses } from '@/components/ui/data-table';
import { useFormats } from '@/i18n/formats';
import { BarChart } from './bar-chart';
import { formatLongDay, formatShare, formatShortDay } from './chart-format';
import { ChartSection, SuppressedKey } from './chart-section';
import { ChartTable } from './chart-table';

const BAR_COLOR = 'var(--color-accent-strong)';

/** Issue 16 §4: the share of the school's students who logged something, day by day. */
export function ParticipationChart({
  days,
  studentCount,
}: {
  days: readonly ParticipationDay[];
  studentCount: number;
}) {
  const { t, i18n } = useLingui();
  const formats = useFormats();
  const students = formats.formatCount(studentCount);
  const bars = days.map((day) => ({
    key: day.date,
    label: formatShortDay(day.date, formats),
    value: day.share === null ? null : day.share * 100,
    color: BAR_COLOR,
  }));
  return (
    <ChartSection
      id="participation"
      title={t`Participation`}
      description={t`The share of your ${plural(studentCount, { one: `${students} student`, other: `${students} students` })} who logged anything, each day.`}
      table={
        <ChartTable
          caption={<Trans>Participation by day</Trans>}
          headings={[t`Day`, t`Students who logged`, t`Share`]}
          rows={days.map((day) => ({
            key: day.date,
            heading: formatLongDay(day.date, formats),
            cells:
              day.share === null ? (
                <td colSpan={2} className={tdClasses}>
                  {i18n._(INSIGHTS_MESSAGES.notEnoughStudents)}
                </td>
              ) : (
                <>
                  <td className={`${tdClasses} tabular-nums`}>{day.students_logged}</td>
                  <td className={`${tdClasses} tabular-nums`}>{formatShare(day.share)}</td>
                </>
              ),
          }))}
        />
      }
    >
      <BarChart bars={bars} ticks={[0, 50, 100]} formatTick={(tick) => `${tick}%`} />
      {days.some((day) => day.suppressed) && <SuppressedKey />}
    </ChartSection>
  );
}
