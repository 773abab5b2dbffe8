import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { usePointsList } from '../api/points-lists';
import { PointsTable } from '../components/points-table';

export function StaffPage() {
  const schoolId = useSession()?.school.id ?? 0;
  const staff = usePointsList(schoolId, 'staff');

  return (
    <Card aria-labelledby="staff-title" className="flex flex-col gap-4">
      <h1 id="staff-title" className="text-2xl font-bold">
        Staff points
      </h1>
      {staff.isPending && <Spinner label="Loading staff..." />}
      {staff.isError && <ErrorBox messages={[errorText(staff.error)]} />}
      {staff.isSuccess && staff.data.length === 0 && (
        <p className="text-slate-700">No staff members yet.</p>
      )}
      {staff.isSuccess && staff.data.length > 0 && (
        <PointsTable people={staff.data} caption="Staff points" />
      )}
    </Card>
  );
}
