import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { INSIGHTS_MESSAGES, MIN_INSIGHT_GROUP, type SchoolInsights } from '@wellbank/domain';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { useSchoolInsights } from '../api/insights';
import { formatLongDay } from '../components/chart-format';
import { ColourDistributionChart } from '../components/colour-distribution-chart';
import { ParticipationChart } from '../components/participation-chart';
import { WeeklyAveragesChart } from '../components/weekly-averages-chart';

/** Issue 16 §4: the school's students in aggregate, for its coordinators and staff. */
export function InsightsPage() {
  const { t } = useLingui();
  const minimum = MIN_INSIGHT_GROUP;
  const schoolId = useSession()?.school.id ?? 0;
  const insights = useSchoolInsights(schoolId);

  return (
    <div className="flex flex-col gap-4">
      <Card aria-labelledby="insights-title" className="flex flex-col gap-3">
        <h1 id="insights-title" className="text-2xl font-bold">
          <Trans>School insights</Trans>
        </h1>
        {insights.isSuccess && <Period insights={insights.data} />}
        <p className="text-sm text-slate-700">
          <Trans>
            Aggregates only: a day or a week with fewer than {minimum} students in it is not shown,
            and no one's stress ratings are, here or anywhere but in their own account.
          </Trans>
        </p>
        {insights.isPending && <Spinner label={t`Loading the school's insights...`} />}
        {insights.isError && <ErrorBox messages={[errorText(insights.error)]} />}
      </Card>
      {insights.isSuccess && <Charts insights={insights.data} />}
    </div>
  );
}

function Period({ insights }: { insights: SchoolInsights }) {
  const formats = useFormats();
  const { t } = useLingui();
  const count = insights.student_count;
  const students = formats.formatCount(count);
  const start = formatLongDay(insights.start_date, formats);
  const end = formatLongDay(insights.end_date, formats);
  return (
    <p className="text-slate-700">
      {t`Your ${plural(count, { one: `${students} student`, other: `${students} students` })} over the last four weeks whose days can no longer change, ${start} to ${end}.`}
    </p>
  );
}

function Charts({ insights }: { insights: SchoolInsights }) {
  const { formatCount } = useFormats();
  const { i18n } = useLingui();
  const minimum = formatCount(insights.min_group_size);
  if (insights.student_count < insights.min_group_size) {
    return (
      <Card className="flex flex-col gap-1">
        <p className="font-semibold text-slate-800">
          {i18n._(INSIGHTS_MESSAGES.notEnoughStudents)}
        </p>
        <p className="text-sm text-slate-700">
          <Trans>The charts appear once your school has at least {minimum} students.</Trans>
        </p>
      </Card>
    );
  }
  return (
    <>
      <ParticipationChart days={insights.participation} studentCount={insights.student_count} />
      <WeeklyAveragesChart weeks={insights.weeks} />
      <ColourDistributionChart weeks={insights.weeks} />
    </>
  );
}
