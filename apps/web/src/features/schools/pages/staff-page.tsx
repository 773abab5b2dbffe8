import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card } from '@/components/ui/card';
import { useFormats } from '@/i18n/formats';
import { useSession } from '@/lib/platform/session';
import { usePointsList } from '../api/points-lists';
import { PointsListView } from '../components/points-list';

export function StaffPage() {
  const { formatCount } = useFormats();
  const { t } = useLingui();
  const schoolId = useSession()?.school.id ?? 0;
  const staff = usePointsList(schoolId, 'staff');

  return (
    <Card aria-labelledby="staff-title" className="flex flex-col gap-4">
      <h1 id="staff-title" className="text-2xl font-bold">
        <Trans>Staff points</Trans>
      </h1>
      <PointsListView
        list={staff}
        caption={t`Staff points`}
        showing={(count, all) => {
          const [shown, total] = [count, all].map((n) => formatCount(n));
          return t`Showing ${shown} of ${plural(all, { one: `${total} staff member`, other: `${total} staff members` })}`;
        }}
        csvDescription={(all) => {
          const total = formatCount(all);
          return t`All ${plural(all, { one: `${total} staff member`, other: `${total} staff members` })} in this order, as a spreadsheet (CSV): names, points and last activity.`;
        }}
        loadingLabel={t`Loading staff...`}
        csv={{ schoolId, kind: 'staff' }}
        emptyText={t`No staff members yet.`}
      />
    </Card>
  );
}
