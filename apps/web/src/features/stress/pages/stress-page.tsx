import {
  activityTotalCents,
  formatCents,
  formatDayHeading,
  type StressKey,
  stressRatingCents,
} from '@wellbank/domain';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { DayUnavailable } from '@/components/day/day-unavailable';
import { DoneButton } from '@/components/done-button';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { UnsavedChangesDialog } from '@/components/unsaved-changes-dialog';
import { type PropertyValues, useSaveActivity } from '@/lib/activities';
import { STRESS_PAGES } from '@/lib/activity-labels';
import { errorText } from '@/lib/api-client';
import { findActivity, useDayActivities, valuesOf } from '@/lib/day-activities';
import { dayPath, entryPath } from '@/lib/day-param';
import { useEntryDay } from '@/lib/entry-day';
import { useUnsavedChangesPrompt } from '@/lib/unsaved-changes';
import { FACES, FaceRating } from '../components/face-rating';

const QUESTIONS: Record<StressKey, string> = {
  people: 'How stressed do you feel about friends, family and other people today?',
  money: 'How stressed do you feel about money today?',
  personal: 'How stressed do you feel about your feelings and thoughts today?',
  clock: 'How stressed do you feel about time and getting things done today?',
  health: 'How stressed do you feel about your body and your health today?',
};

interface StressFlowProps {
  kind: StressKey;
  initialValues: PropertyValues;
  /** A past day inside the grace window; undefined for today. */
  date?: string;
}

function StressFlow({ kind, initialValues, date }: StressFlowProps) {
  const navigate = useNavigate();
  const save = useSaveActivity('stress', date);
  const [ratings, setRatings] = useState(initialValues);
  const [saved, setSaved] = useState(() => JSON.stringify(initialValues));
  const prompt = useUnsavedChangesPrompt(JSON.stringify(ratings) !== saved);
  const [announcement, setAnnouncement] = useState('');
  const index = STRESS_PAGES.findIndex((p) => p.kind === kind);
  const page = STRESS_PAGES[index] ?? { kind, title: kind };
  const previous = STRESS_PAGES[index - 1];
  const next = STRESS_PAGES[index + 1];

  const rate = (rating: number) => {
    const updated = { ...ratings, [kind]: rating };
    setRatings(updated);
    save.reset();
    const face = FACES.find((f) => f.rating === rating)?.label ?? '';
    setAnnouncement(
      `${page.title}: ${rating} of 5, ${face}, ${formatCents(stressRatingCents(rating))}. Stress total ${formatCents(activityTotalCents('stress', updated))}.`,
    );
  };

  /** Moving between pages keeps what was rated: it is saved (in order) in the background. */
  const saveIfChanged = () => {
    if (JSON.stringify(ratings) === saved) return;
    setSaved(JSON.stringify(ratings));
    save.mutate(ratings);
  };

  const goTo = (target: StressKey) => {
    saveIfChanged();
    setAnnouncement('');
    prompt.allowLeaving();
    void navigate(entryPath(`/stress/${target}`, date));
  };

  const done = async () => {
    try {
      setSaved(JSON.stringify(ratings));
      await save.mutateAsync(ratings);
      prompt.allowLeaving();
      void navigate(date ? dayPath(date) : '/dashboard');
    } catch {
      // Shown from the mutation's error below.
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby="stress-title"
        className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5"
      >
        <div>
          <p className="text-sm font-semibold text-slate-600">
            Stress {index + 1} of {STRESS_PAGES.length}
          </p>
          <h1 id="stress-title" className="text-2xl font-bold">
            {page.title}
          </h1>
          {date && (
            <p className="font-semibold text-accent-strong">Yesterday, {formatDayHeading(date)}</p>
          )}
        </div>
        <FaceRating
          key={kind}
          name={`stress-${kind}`}
          legend={QUESTIONS[kind]}
          value={ratings[kind] ?? 0}
          onChange={rate}
        />
      </section>
      <p role="status" aria-live="polite" className="sr-only">
        {save.isPending ? 'Saving...' : announcement}
      </p>
      {save.isError && <ErrorBox messages={[errorText(save.error)]} />}
      <div className="grid grid-cols-2 gap-3">
        <Button
          variant="secondary"
          disabled={!previous}
          onClick={() => previous && goTo(previous.kind)}
        >
          <ArrowLeft aria-hidden className="size-5" />
          Back
        </Button>
        <Button variant="secondary" disabled={!next} onClick={() => next && goTo(next.kind)}>
          Next
          <ArrowRight aria-hidden className="size-5" />
        </Button>
      </div>
      <DoneButton saving={save.isPending} onClick={done} />
      <UnsavedChangesDialog {...prompt} />
    </div>
  );
}

function isStressKind(kind: string | undefined): kind is StressKey {
  return STRESS_PAGES.some((p) => p.kind === kind);
}

/** SPEC.md §2 stress flow: five pages, one rating each, one stress activity for the day. */
export function StressPage() {
  const { kind } = useParams();
  const day = useEntryDay();
  const date = day.status === 'editable' ? day.date : undefined;
  const { activities, isPending } = useDayActivities(date, day.status === 'editable');
  if (!isStressKind(kind)) return <Navigate to="/dashboard" replace />;
  if (day.status === 'loading') return <Spinner label="Loading your day..." />;
  if (day.status !== 'editable') {
    return <DayUnavailable reason={day.status} date={'date' in day ? day.date : undefined} />;
  }
  if (isPending) return <Spinner label="Loading your day..." />;
  return (
    <StressFlow
      key={date ?? 'today'}
      kind={kind}
      initialValues={valuesOf(findActivity(activities, 'stress'))}
      date={date}
    />
  );
}
