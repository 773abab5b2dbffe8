import { formatCount } from '@wellbank/domain';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { useSession } from '@/lib/session';
import { usePointsList } from '../api/points-lists';
import { PointsListView } from '../components/points-list';

export function StudentsPage() {
  const session = useSession();
  const schoolId = session?.school.id ?? 0;
  const myHomeroom = session?.homeroom ?? undefined;
  const [onlyMine, setOnlyMine] = useState(false);
  const homeroom = onlyMine ? myHomeroom : undefined;
  const students = usePointsList(schoolId, 'students', { homeroom });
  // The whole list's size, from X-Total-Count: the page holds only the first rows of it.
  const total = students.query.data?.pages[0]?.total;

  return (
    <Card aria-labelledby="students-title" className="flex flex-col gap-4">
      <h1 id="students-title" className="text-2xl font-bold">
        Student points
      </h1>
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-lg font-bold">Active Students</h2>
        <p aria-live="polite" className="text-2xl font-extrabold text-accent-strong tabular-nums">
          {total !== undefined && (
            <>
              {formatCount(total)}
              <span className="sr-only"> active students</span>
            </>
          )}
        </p>
      </div>
      <div className="flex gap-3 rounded-xl border-2 border-sky-200 bg-sky-50 p-3 text-sky-950">
        <Info aria-hidden className="mt-0.5 size-5 shrink-0" />
        <p>Active students have logged an activity in the current active interval.</p>
      </div>
      {myHomeroom && (
        <div className="flex items-center gap-3">
          <Switch
            checked={onlyMine}
            label={`My homeroom only (${myHomeroom})`}
            onCheckedChange={setOnlyMine}
          />
          <span aria-hidden className="font-semibold text-slate-800">
            My homeroom only ({myHomeroom})
          </span>
        </div>
      )}
      <PointsListView
        list={students}
        caption={
          homeroom ? `Active students' points, homeroom ${homeroom}` : "Active students' points"
        }
        noun="students"
        loadingLabel="Loading students..."
        csv={{ schoolId, kind: 'students' }}
        emptyText="No active students yet."
      />
    </Card>
  );
}
