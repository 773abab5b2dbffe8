import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/session';
import { usePointsList } from '../api/points-lists';
import { PointsListView } from '../components/points-list';

export function StaffPage() {
  const schoolId = useSession()?.school.id ?? 0;
  const staff = usePointsList(schoolId, 'staff');

  return (
    <Card aria-labelledby="staff-title" className="flex flex-col gap-4">
      <h1 id="staff-title" className="text-2xl font-bold">
        Staff points
      </h1>
      <PointsListView
        list={staff}
        caption="Staff points"
        noun="staff members"
        loadingLabel="Loading staff..."
        csv={{ schoolId, kind: 'staff' }}
        emptyText="No staff members yet."
      />
    </Card>
  );
}
