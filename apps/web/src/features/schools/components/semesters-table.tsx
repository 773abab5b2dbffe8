import { formatCount, intervalLabel, isoToUsDate, type SemesterRecord } from '@wellbank/domain';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';
import { Switch } from '@/components/ui/switch';

interface SemestersTableProps {
  semesters: SemesterRecord[];
  busy: boolean;
  onToggle: (semester: SemesterRecord) => void;
  onEdit: (semester: SemesterRecord) => void;
  onDelete: (semester: SemesterRecord) => void;
}

const iconButton = 'min-h-11 min-w-11 px-2';

/** "11/23/2026", which may wrap after its last slash so the row's buttons fit on a phone. */
function UsDate({ value }: { value: string }) {
  const year = value.slice(-4);
  return (
    <>
      {value.slice(0, -4)}
      <wbr />
      {year}
    </>
  );
}

/** SPEC.md §2: Start, End, Points and an Active toggle per interval; Edit and Delete (issue #16). */
export function SemestersTable({
  semesters,
  busy,
  onToggle,
  onEdit,
  onDelete,
}: SemestersTableProps) {
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
          <th scope="col" className={thClasses}>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {semesters.map((semester) => {
          const start = isoToUsDate(semester.start_date);
          const end = isoToUsDate(semester.end_date);
          return (
            <tr key={semester.id} className={semester.is_active ? 'bg-emerald-50' : undefined}>
              <td className={`${tdClasses} tabular-nums`}>
                <UsDate value={start} />
              </td>
              <td className={`${tdClasses} tabular-nums`}>
                <UsDate value={end} />
              </td>
              <td className={`${tdClasses} tabular-nums`}>{formatCount(semester.points_needed)}</td>
              <td className={tdClasses}>
                <Switch
                  checked={semester.is_active}
                  label={`Active: ${start} to ${end}`}
                  disabled={busy}
                  onCheckedChange={() => onToggle(semester)}
                />
              </td>
              <td className={tdClasses}>
                {/* Side by side where there is room; one above the other on a phone. */}
                <div className="flex flex-wrap justify-end">
                  <Button
                    variant="ghost"
                    className={iconButton}
                    aria-label={`Edit ${intervalLabel(semester)}`}
                    onClick={() => onEdit(semester)}
                  >
                    <Pencil aria-hidden className="size-5" />
                  </Button>
                  <Button
                    variant="ghost"
                    className={`${iconButton} text-danger hover:bg-red-50`}
                    aria-label={`Delete ${intervalLabel(semester)}`}
                    onClick={() => onDelete(semester)}
                  >
                    <Trash2 aria-hidden className="size-5" />
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
