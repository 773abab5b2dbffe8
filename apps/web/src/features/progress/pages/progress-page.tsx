import { useLingui } from '@lingui/react/macro';
import { MESSAGES } from '@wellbank/domain';
import { BalanceChart } from '@/components/progress/balance-chart';
import { OverallProgress } from '@/components/progress/overall-progress';
import { PreviousWeek } from '@/components/progress/previous-week';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { QueryPending } from '@/components/ui/query-pending';
import { useSchoolToday } from '@/lib/day/school-day';
import { errorText } from '@/lib/platform/api-client';
import { CHART_DAYS, useDailyBalances, useWeeklySnapshot } from '../api/snapshots';

export function ProgressPage() {
  const { i18n, t } = useLingui();
  const snapshot = useWeeklySnapshot();
  const daily = useDailyBalances(CHART_DAYS);
  // Day boundaries are the school's (DESIGN.md §1.1), wherever the phone is.
  const today = useSchoolToday();

  return (
    <Card aria-labelledby="account-title" className="flex flex-col gap-6">
      <h1 id="account-title" className="text-center text-2xl font-bold text-accent-strong">
        {i18n._(MESSAGES.accountTitle)}
      </h1>
      <QueryPending query={snapshot} label={t`Loading your progress...`} />
      {snapshot.isError && <ErrorBox messages={[errorText(snapshot.error)]} />}
      {snapshot.isSuccess && today && <OverallProgress snapshot={snapshot.data} today={today} />}
      {daily.isSuccess && today && (
        <BalanceChart balances={daily.data} today={today} days={CHART_DAYS} />
      )}
      {snapshot.isSuccess && <PreviousWeek snapshot={snapshot.data} />}
    </Card>
  );
}
