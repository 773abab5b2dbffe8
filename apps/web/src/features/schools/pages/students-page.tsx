import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { useFormats } from '@/i18n/formats';
import { useSession } from '@/lib/platform/session';
import { usePointsList } from '../api/points-lists';
import { PointsListView } from '../components/points-list';

export function StudentsPage() {
  const { formatCount } = useFormats();
  const { t } = useLingui();
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
        <Trans>Student points</Trans>
      </h1>
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-lg font-bold">
          <Trans>Active Students</Trans>
        </h2>
        <p aria-live="polite" className="text-2xl font-extrabold text-accent-strong tabular-nums">
          {total !== undefined && (
            <>
              {formatCount(total)}
              <span className="sr-only">
                {' '}
                <Trans>active students</Trans>
              </span>
            </>
          )}
        </p>
      </div>
      <div className="flex gap-3 rounded-xl border-2 border-sky-200 bg-sky-50 p-3 text-sky-950">
        <Info aria-hidden className="mt-0.5 size-5 shrink-0" />
        <p>
          <Trans>Active students have logged an activity in the current active interval.</Trans>
        </p>
      </div>
      {myHomeroom && (
        <div className="flex items-center gap-3">
          <Switch
            checked={onlyMine}
            label={t`My homeroom only (${myHomeroom})`}
            onCheckedChange={setOnlyMine}
          />
          <span aria-hidden className="font-semibold text-slate-800">
            <Trans>My homeroom only ({myHomeroom})</Trans>
          </span>
        </div>
      )}
      <PointsListView
        list={students}
        caption={
          homeroom ? t`Active students' points, homeroom ${homeroom}` : t`Active students' points`
        }
        showing={(count, all) => {
          const [shown, total] = [count, all].map((n) => formatCount(n));
          return t`Showing ${shown} of ${plural(all, { one: `${total} student`, other: `${total} students` })}`;
        }}
        csvDescription={(all) => {
          const total = formatCount(all);
          return t`All ${plural(all, { one: `${total} student`, other: `${total} students` })} in this order, as a spreadsheet (CSV): names, points and last activity.`;
        }}
        loadingLabel={t`Loading students...`}
        csv={{ schoolId, kind: 'students' }}
        emptyText={t`No active students yet.`}
      />
    </Card>
  );
}
