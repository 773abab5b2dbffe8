import { Trans, useLingui } from '@lingui/react/macro';
import type { SemesterRecord } from '@wellbank/domain';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';
import { Switch } from '@/components/ui/switch';
import { useFormats } from '@/i18n/formats';
import { useIntervalLabel } from './interval-label';

interface SemestersTableProps {
  semesters: SemesterRecord[];
  busy: boolean;
  onToggle: (semester: SemesterRecord) => void;
  onEdit: (semester: SemesterRecord) => void;
  onDelete: (semester: SemesterRecord) => void;
}

const iconButton = 'min-h-11 min-w-11 px-2';

/** "11/23/2026" (or "23/11/2026"), which may wrap after its last slash so the row's buttons fit on a phone. */
function LocalDate({ value }: { value: string }) {
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
  const { formatCount, isoToLocalDate } = useFormats();
  const { t } = useLingui();
  const intervalLabel = useIntervalLabel();
  return (
    <DataTable>
      <caption className="sr-only">
        <Trans>Intervals</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col" className={thClasses}>
            <Trans>Start</Trans>
          </th>
          <th scope="col" className={thClasses}>
            <Trans>End</Trans>
          </th>
          <th scope="col" className={thClasses}>
            <Trans>Points</Trans>
          </th>
          <th scope="col" className={thClasses}>
            <Trans>Active</Trans>
          </th>
          <th scope="col" className={thClasses}>
            <span className="sr-only">
              <Trans>Actions</Trans>
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {semesters.map((semester) => {
          const start = isoToLocalDate(semester.start_date);
          const end = isoToLocalDate(semester.end_date);
          const interval = intervalLabel(semester);
          return (
            <tr key={semester.id} className={semester.is_active ? 'bg-emerald-50' : undefined}>
              <td className={`${tdClasses} tabular-nums`}>
                <LocalDate value={start} />
              </td>
              <td className={`${tdClasses} tabular-nums`}>
                <LocalDate value={end} />
              </td>
              <td className={`${tdClasses} tabular-nums`}>{formatCount(semester.points_needed)}</td>
              <td className={tdClasses}>
                <Switch
                  checked={semester.is_active}
                  label={t`Active: ${interval}`}
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
                    aria-label={t`Edit ${interval}`}
                    onClick={() => onEdit(semester)}
                  >
                    <Pencil aria-hidden className="size-5" />
                  </Button>
                  <Button
                    variant="ghost"
                    className={`${iconButton} text-danger hover:bg-red-50`}
                    aria-label={t`Delete ${interval}`}
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
