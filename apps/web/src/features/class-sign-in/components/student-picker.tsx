import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CLASS_CODE_MAX_STUDENTS, type PickableStudent } from '@wellbank/domain';
import { useEffect, useRef, useState } from 'react';
import { ShowMore } from '@/components/show-more';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ErrorBox } from '@/components/ui/error-box';
import { TextField } from '@/components/ui/text-field';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { usePickableStudents } from '../api/class-sign-in';

/** A search is sent once typing pauses this long, not at every key. */
const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

interface StudentPickerProps {
  schoolId: number;
  chosen: ReadonlyMap<number, PickableStudent>;
  onToggle: (student: PickableStudent, checked: boolean) => void;
  onClear: () => void;
}

/**
 * "Students I pick" (issue 34 §2): the school's students by name, a page at a time and searchable,
 * so a school of hundreds never draws them all; the choices stay while the search changes.
 */
export function StudentPicker({ schoolId, chosen, onToggle, onClear }: StudentPickerProps) {
  const { t } = useLingui();
  const { formatCount } = useFormats();
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const students = usePickableStudents(schoolId, search, schoolId > 0);
  const rows = students.data?.pages.flatMap((page) => page.people) ?? [];
  const all = students.data?.pages[0]?.total ?? 0;
  const picked = chosen.size;
  const full = chosen.size >= CLASS_CODE_MAX_STUDENTS;
  // After "Show more", focus the first new box so a keyboard user reads on from there.
  const [focusRow, setFocusRow] = useState<number>();
  const firstNew = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusRow !== undefined) firstNew.current?.focus();
  }, [focusRow]);

  const count = formatCount(picked);
  const shown = formatCount(rows.length);
  const total = formatCount(all);
  return (
    <div className="flex flex-col gap-3">
      <TextField
        type="search"
        label={t`Search students by name`}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
      />
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-700">
          <Trans>Students</Trans>
        </legend>
        {students.isError && <ErrorBox messages={[errorText(students.error)]} />}
        {students.isPending && (
          <p className="text-slate-700">
            <Trans>Loading students...</Trans>
          </p>
        )}
        {students.isSuccess && rows.length === 0 && (
          <p className="text-slate-700">
            {search
              ? t`No student’s name contains “${search}”.`
              : t`This school has no students yet.`}
          </p>
        )}
        {rows.length > 0 && (
          <ul
            className="flex max-h-96 flex-col divide-y divide-slate-200 overflow-y-auto rounded-xl border-2 border-slate-200 px-3"
            data-testid="student-choices"
          >
            {rows.map((student, index) => {
              const checked = chosen.has(student.id);
              const { homeroom } = student;
              return (
                <li key={student.id}>
                  <CheckboxField
                    ref={index === focusRow ? firstNew : undefined}
                    checked={checked}
                    disabled={full && !checked}
                    onChange={(event) => onToggle(student, event.target.checked)}
                    label={
                      <span className="flex flex-wrap gap-x-2 text-base">
                        <span className="font-semibold">
                          {student.first_name} {student.last_name}
                        </span>
                        <span className="text-slate-600">
                          {homeroom ? (
                            <Trans>Homeroom {homeroom}</Trans>
                          ) : (
                            <Trans>No homeroom</Trans>
                          )}
                        </span>
                      </span>
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}
        {rows.length > 0 && (
          <ShowMore
            query={students}
            shown={rows.length}
            status={t`Showing ${shown} of ${plural(all, { one: `${total} student`, other: `${total} students` })}`}
            onShown={setFocusRow}
          />
        )}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="font-semibold tabular-nums" data-testid="chosen-count">
          {t`${plural(picked, {
            0: 'No students chosen',
            one: `${count} student chosen`,
            other: `${count} students chosen`,
          })}`}
        </p>
        {chosen.size > 0 && (
          <Button variant="ghost" onClick={onClear}>
            <Trans>Clear choices</Trans>
          </Button>
        )}
      </div>
      {full && (
        <p className="text-slate-700">
          <Trans>A class code lists at most {CLASS_CODE_MAX_STUDENTS} students.</Trans>
        </p>
      )}
    </div>
  );
}
