import { useLingui } from '@lingui/react/macro';
import { type ActivityType, activityTotalCents, amountTone } from '@wellbank/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DoneButton } from '@/components/done-button';
import { ReadAloud } from '@/components/read-aloud';
import { ErrorBox } from '@/components/ui/error-box';
import { UnsavedChangesDialog } from '@/components/unsaved-changes-dialog';
import { useFormats } from '@/i18n/formats';
import { type PropertyValues, useSaveActivity } from '@/lib/day/activities';
import { activityIcon } from '@/lib/day/activity-icons';
import { activityTitle, propertyLabel } from '@/lib/day/activity-labels';
import { TONE_CLASS } from '@/lib/day/day-theme';
import { errorText } from '@/lib/platform/api-client';
import { cn } from '@/lib/platform/cn';
import { useUnsavedChangesPrompt } from '@/lib/platform/unsaved-changes';
import { ACTIVITY_DESCRIPTIONS } from './activity-descriptions';
import type { ChangeSource } from './counter';
import { EarningNote } from './earning-note';
import { PiggyBankControls } from './piggy-bank-controls';
import { formatValue, PropertyCounters } from './property-counters';

type EntryType = Exclude<ActivityType, 'stress'>;

interface ActivityFormProps {
  type: EntryType;
  initialValues: PropertyValues;
  /** A past day inside the grace window (YYYY-MM-DD); undefined for today. */
  date?: string;
  /** The day's name under the title, for a past day. */
  dayName?: string;
  /** Where Done returns: the dashboard, or the past day's page. */
  backTo: string;
}

const sameValues = (a: PropertyValues, b: PropertyValues) =>
  Object.keys({ ...a, ...b }).every((key) => (a[key] ?? 0) === (b[key] ?? 0));

/** SPEC.md §2 entry page: the total recomputed locally as counters change, then "done" saves. */
export function ActivityForm(props: ActivityFormProps) {
  const { formatCents } = useFormats();
  const { type, initialValues, date, dayName, backTo } = props;
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const save = useSaveActivity(type, date);
  // Only what was changed here is the form's own: the rest follows the day as the server sends it
  // again (a refetch, another device's save), so a save never puts back a value read earlier.
  const [edits, setEdits] = useState<PropertyValues>({});
  const values = { ...initialValues, ...edits };
  const [announcement, setAnnouncement] = useState('');
  const totalCents = activityTotalCents(type, values);
  const TitleIcon = activityIcon(type);
  const prompt = useUnsavedChangesPrompt(!sameValues(values, initialValues));

  const change = (key: string, value: number, source: ChangeSource = 'step') => {
    const next = { ...values, [key]: value };
    setEdits((current) => ({ ...current, [key]: value }));
    save.reset();
    if (source === 'typed') return setAnnouncement('');
    const total = formatCents(activityTotalCents(type, next));
    const label = propertyLabel(i18n, type, key);
    const shown = formatValue(key, value);
    if (key !== 'piggy_bank') return setAnnouncement(t`${label} ${shown}. Total ${total}.`);
    setAnnouncement(value ? t`Savings used. Total ${total}.` : t`Savings undone. Total ${total}.`);
  };

  const done = async () => {
    try {
      await save.mutateAsync(values);
      prompt.allowLeaving();
      void navigate(backTo);
    } catch {
      // Shown from the mutation's error below.
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <ReadAloud />
      <header className="flex flex-col gap-1 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5">
        {/* Wraps: "Rest/Mindfulness" and its total do not fit one line of a 390 px phone. */}
        <h1 className="flex flex-wrap items-baseline justify-between gap-x-3 text-2xl font-bold">
          <span className="flex items-center gap-2">
            <TitleIcon aria-hidden className="size-8 shrink-0 text-accent-strong" />
            {activityTitle(i18n, type)}
          </span>{' '}
          <span
            className={cn(
              'ml-auto text-3xl font-extrabold tabular-nums',
              TONE_CLASS[amountTone(totalCents)],
            )}
            data-testid="activity-total"
            data-tone={amountTone(totalCents)}
          >
            {formatCents(totalCents)}
          </span>
        </h1>
        {dayName && <p className="font-semibold text-accent-strong">{dayName}</p>}
        <p className="text-slate-700">
          {i18n._(ACTIVITY_DESCRIPTIONS[type][date ? 'yesterday' : 'today'])}
        </p>
        <EarningNote type={type} yesterday={Boolean(date)} />
      </header>
      <PropertyCounters type={type} values={values} onChange={change} />
      {type === 'fitness' && (
        <PiggyBankControls
          values={values}
          date={date}
          onChange={(value) => change('piggy_bank', value)}
        />
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {save.isPending ? t`Saving...` : announcement}
      </p>
      {save.isError && <ErrorBox messages={[errorText(save.error)]} />}
      <DoneButton saving={save.isPending} onClick={done} />
      <UnsavedChangesDialog {...prompt} />
    </div>
  );
}
