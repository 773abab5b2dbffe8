import {
  activityTotalCents,
  formatCents,
  type StressKey,
  stressRatingCents,
} from '@wellbank/domain';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { DoneButton } from '@/components/done-button';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import {
  findActivity,
  type PropertyValues,
  useSaveActivity,
  useTodayActivities,
  valuesOf,
} from '@/lib/activities';
import { STRESS_PAGES } from '@/lib/activity-labels';
import { errorText } from '@/lib/api-client';
import { FACES, FaceRating } from '../components/face-rating';

const QUESTIONS: Record<StressKey, string> = {
  people: 'How stressed do you feel about friends, family and other people today?',
  money: 'How stressed do you feel about money today?',
  personal: 'How stressed do you feel about your feelings and thoughts today?',
  clock: 'How stressed do you feel about time and getting things done today?',
  health: 'How stressed do you feel about your body and your health today?',
};

function StressFlow({ kind, initialValues }: { kind: StressKey; initialValues: PropertyValues }) {
  const navigate = useNavigate();
  const save = useSaveActivity('stress');
  const [ratings, setRatings] = useState(initialValues);
  const saved = useRef(JSON.stringify(initialValues));
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
    if (JSON.stringify(ratings) === saved.current) return;
    saved.current = JSON.stringify(ratings);
    save.mutate(ratings);
  };

  const goTo = (target: StressKey) => {
    saveIfChanged();
    setAnnouncement('');
    void navigate(`/stress/${target}`);
  };

  const done = async () => {
    try {
      saved.current = JSON.stringify(ratings);
      await save.mutateAsync(ratings);
      void navigate('/dashboard');
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
    </div>
  );
}

function isStressKind(kind: string | undefined): kind is StressKey {
  return STRESS_PAGES.some((p) => p.kind === kind);
}

/** SPEC.md §2 stress flow: five pages, one rating each, one stress activity for the day. */
export function StressPage() {
  const { kind } = useParams();
  const { activities, isPending } = useTodayActivities();
  if (!isStressKind(kind)) return <Navigate to="/dashboard" replace />;
  if (isPending) return <Spinner label="Loading your day..." />;
  return <StressFlow kind={kind} initialValues={valuesOf(findActivity(activities, 'stress'))} />;
}
