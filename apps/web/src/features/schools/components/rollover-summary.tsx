import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_TIME_ZONE, type YearEndRolloverResult } from '@wellbank/domain';
import { useFormats } from '@/i18n/formats';
import { useSchoolTimeZone } from '@/lib/day/school-day';
import { useIntervalLabel } from './interval-label';

/** "Pre-K", "Kindergarten", "Grade 5": a grade as the rollover's page names it. */
export function useGradeLabel() {
  const { t } = useLingui();
  return (grade: string) => {
    if (grade === 'PK') return t`Pre-K`;
    if (grade === 'K') return t`Kindergarten`;
    return t`Grade ${grade}`;
  };
}

/**
 * A rollover in plain words, line by line: the dry run's review and the run's result alike (the
 * same answer, decision 0069), so what the coordinator confirmed is what they read afterwards.
 */
export function RolloverSummary({ result }: { result: YearEndRolloverResult }) {
  const { t } = useLingui();
  const { formatCount, formatDateTime } = useFormats();
  const intervalLabel = useIntervalLabel();
  const gradeLabel = useGradeLabel();
  const timeZone = useSchoolTimeZone().data ?? DEFAULT_TIME_ZONE;
  const closed = result.closed_interval;
  const closedLabel = closed ? intervalLabel(closed) : '';
  const opened = result.opened_interval;
  const openedLabel = intervalLabel(opened);
  const points = formatCount(opened.points_needed);
  const promoted = result.promotions.reduce((sum, row) => sum + row.students, 0);
  const leaving = result.leaving.students.length;
  const ungraded = result.ungraded_students;
  const lastGrade = result.last_grade ? gradeLabel(result.last_grade) : '';
  const deleteOn = formatDateTime(new Date(result.leaving.delete_after), timeZone);
  const teams = formatCount(result.teams.count);

  const moving = t`Moving up a grade: ${plural(promoted, { one: '# student', other: '# students' })}.`;
  const leavingHead = result.last_grade
    ? t`Leaving, as the last grade (${lastGrade}) or above: ${plural(leaving, { one: '# student', other: '# students' })}.`
    : t`No student has a grade, so nobody moves up or leaves.`;
  const afterLines = [
    leaving === 0
      ? ''
      : result.leaving.choice === 'delete_now'
        ? t`Their accounts are deleted at once.`
        : t`They can sign in and download their data until ${deleteOn}; then their accounts are deleted.`,
    ungraded > 0
      ? t`Without a grade, left as they are: ${plural(ungraded, { one: '# student', other: '# students' })}.`
      : '',
    result.teams.choice === 'keep'
      ? t`Teams: all ${teams} kept as they are.`
      : t`Teams: all ${teams} get their default names back; everyone stays on their team.`,
  ].filter(Boolean);

  return (
    <ul className="flex list-disc flex-col gap-1 pl-6 text-slate-800">
      <li>
        {closed
          ? t`Interval closed: ${closedLabel}.`
          : t`No interval was active, so none is closed.`}
      </li>
      <li>{t`Interval opened and made active: ${openedLabel}, ${points} points needed.`}</li>
      <li>
        {moving}
        {result.promotions.length > 0 && (
          <ul className="list-[circle] pl-6" aria-label={t`Grades moving up`}>
            {result.promotions.map((row) => {
              const from = gradeLabel(row.from);
              const to = gradeLabel(row.to);
              const students = row.students;
              return (
                <li key={row.from}>
                  {t`${from} → ${to}: ${plural(students, { one: '# student', other: '# students' })}`}
                </li>
              );
            })}
          </ul>
        )}
      </li>
      <li>
        {leavingHead}
        {leaving > 0 && (
          <ul className="list-[circle] pl-6" aria-label={t`Leaving students`}>
            {result.leaving.students.map((student) => {
              const name = `${student.first_name} ${student.last_name}`;
              const grade = gradeLabel(student.grade);
              const homeroom = student.homeroom ?? '';
              return (
                <li key={student.id}>
                  {homeroom ? t`${name} (${grade}, ${homeroom})` : t`${name} (${grade})`}
                </li>
              );
            })}
          </ul>
        )}
      </li>
      {afterLines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
