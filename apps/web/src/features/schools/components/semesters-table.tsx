import { formatCount, isoToUsDate, type SemesterRecord } from '@wellbank/domain';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';
import { Switch } from '@/components/ui/switch';

interface SemestersTableProps {
  semesters: SemesterRecord[];
  busy: boolean;
  onToggle: (semesterId: number) => void;
}

/** SPEC.md §2: Start, End, Points and an Active toggle per interval. */
export function SemestersTable({ semesters, busy, onToggle }: SemestersTableProps) {
  return (
    <DataTable>
      <caption className="sr-only">Intervals</caption>
      <thead>
        <tr>
          <th scope="col" className={thClasses}>
            Start
          </th>
          <th scope="col" className={thClasses}>
            End
          </th>
          <th scope="col" className={thClasses}>
            Points
          </th>
          <th scope="col" className={thClasses}>
            Active
          </th>
        </tr>
      </thead>
      <tbody>
        {semesters.map((semester) => {
          const start = isoToUsDate(semester.start_date);
          const end = isoToUsDate(semester.end_date);
          return (
            <tr key={semester.id} className={semester.is_active ? 'bg-emerald-50' : undefined}>
              <td className={`${tdClasses} tabular-nums`}>{start}</td>
              <td className={`${tdClasses} tabular-nums`}>{end}</td>
              <td className={`${tdClasses} tabular-nums`}>{formatCount(semester.points_needed)}</td>
              <td className={tdClasses}>
                <Switch
                  checked={semester.is_active}
                  label={`Active: ${start} to ${end}`}
                  disabled={busy}
                  onCheckedChange={() => onToggle(semester.id)}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
