import { Trans, useLingui } from '@lingui/react/macro';
import type { ClassFields, SchoolUser } from '@wellbank/domain';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { fullName } from '@/lib/platform/session';

const smallInput =
  'min-h-11 w-full rounded-lg border-2 border-slate-500 bg-white px-2 text-sm text-slate-900 focus:border-accent';

/** "Grade 4 · Room 7" (nothing when unset); the pencil turns it into two fields (decision 0030). */
export function ClassCell({
  user,
  onSave,
  pending,
}: {
  user: SchoolUser;
  onSave: (fields: ClassFields) => void;
  pending: boolean;
}) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [grade, setGrade] = useState(user.grade ?? '');
  const [homeroom, setHomeroom] = useState(user.homeroom ?? '');
  const name = fullName(user);
  if (!editing) {
    const level = user.grade;
    const parts = [level && t`Grade ${level}`, user.homeroom].filter(Boolean);
    return (
      <div className="flex items-center gap-1 text-xs font-medium text-slate-700">
        {parts.length > 0 && <span className="break-words">{parts.join(' · ')}</span>}
        <button
          type="button"
          aria-label={t`Edit grade and homeroom of ${name}`}
          className="grid size-11 shrink-0 place-items-center rounded-xl font-normal text-accent-strong hover:bg-emerald-50"
          onClick={() => setEditing(true)}
        >
          <Pencil aria-hidden className="size-4" />
        </button>
      </div>
    );
  }
  return (
    <form
      className="flex min-w-36 flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ grade: grade.trim().toUpperCase() || null, homeroom: homeroom.trim() || null });
        setEditing(false);
      }}
    >
      <input
        aria-label={t`Grade of ${name}`}
        placeholder={t`Grade`}
        value={grade}
        maxLength={2}
        className={smallInput}
        onChange={(event) => setGrade(event.target.value)}
      />
      <input
        aria-label={t`Homeroom of ${name}`}
        placeholder={t`Homeroom`}
        value={homeroom}
        maxLength={20}
        className={smallInput}
        onChange={(event) => setHomeroom(event.target.value)}
      />
      <div className="flex gap-1">
        <Button type="submit" disabled={pending} className="min-h-11 flex-1 px-2 text-sm">
          <Trans>Save</Trans>
        </Button>
        <Button
          variant="ghost"
          className="min-h-11 flex-1 px-2 text-sm"
          onClick={() => setEditing(false)}
        >
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
