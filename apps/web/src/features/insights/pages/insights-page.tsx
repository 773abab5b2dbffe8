import { INSIGHTS_MESSAGES, MIN_INSIGHT_GROUP, type SchoolInsights } from '@wellbank/domain';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useSchoolInsights } from '../api/insights';
import { formatLongDay, studentsCount } from '../components/chart-format';
import { ColourDistributionChart } from '../components/colour-distribution-chart';
import { ParticipationChart } from '../components/participation-chart';
import { WeeklyAveragesChart } from '../components/weekly-averages-chart';

/** Issue 16 §4: the school's students in aggregate, for its coordinators and staff. */
export function InsightsPage() {
  const schoolId = useSession()?.school.id ?? 0;
  const insights = useSchoolInsights(schoolId);

  return (
    <div className="flex flex-col gap-4">
      <Card aria-labelledby="insights-title" className="flex flex-col gap-3">
        <h1 id="insights-title" className="text-2xl font-bold">
          School insights
        </h1>
        {insights.isSuccess && <Period insights={insights.data} />}
        <p className="text-sm text-slate-700">
          Aggregates only: a day or a week with fewer than {MIN_INSIGHT_GROUP} students in it is not
          shown, and no one's stress ratings are, here or anywhere but in their own account.
        </p>
        {insights.isPending && <Spinner label="Loading the school's insights..." />}
        {insights.isError && <ErrorBox messages={[errorText(insights.error)]} />}
      </Card>
      {insights.isSuccess && <Charts insights={insights.data} />}
    </div>
  );
}

function Period({ insights }: { insights: SchoolInsights }) {
  return (
    <p className="text-slate-700">
      Your {studentsCount(insights.student_count)} over the last 30 days,{' '}
      {formatLongDay(insights.start_date)} to {formatLongDay(insights.end_date)}.
    </p>
  );
}

function Charts({ insights }: { insights: SchoolInsights }) {
  if (insights.student_count < insights.min_group_size) {
    return (
      <Card className="flex flex-col gap-1">
        <p className="font-semibold text-slate-800">{INSIGHTS_MESSAGES.notEnoughStudents}</p>
        <p className="text-sm text-slate-700">
          The charts appear once your school has at least {insights.min_group_size} students.
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
