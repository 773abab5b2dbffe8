import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { activityTotalCents, type StressKey, stressRatingCents } from '@wellbank/domain';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { DayUnavailable } from '@/components/day/day-unavailable';
import { DoneButton } from '@/components/done-button';
import { ReadAloud } from '@/components/read-aloud';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { UnsavedChangesDialog } from '@/components/unsaved-changes-dialog';
import { useFormats } from '@/i18n/formats';
import { type PropertyValues, useSaveActivity } from '@/lib/day/activities';
import { STRESS_PAGES } from '@/lib/day/activity-labels';
import { findActivity, useDayActivities, valuesOf } from '@/lib/day/day-activities';
import { dayPath, entryPath } from '@/lib/day/day-param';
import { useEntryDay } from '@/lib/day/entry-day';
import { propertyIcon } from '@/lib/day/property-icons';
import { errorText } from '@/lib/platform/api-client';
import { useStressCheckInOn } from '@/lib/platform/session';
import { useUnsavedChangesPrompt } from '@/lib/platform/unsaved-changes';
import { FACES, FaceRating } from '../components/face-rating';
import { TalkButton } from '../components/talk-button';

/** Each page's question, for today and for yesterday (a page with `?date=`: never "today"). */
const QUESTIONS: Record<StressKey, Record<'today' | 'yesterday', MessageDescriptor>> = {
  people: {
    today: msg`How stressed do you feel about friends, family and other people today?`,
    yesterday: msg`How stressed did you feel about friends, family and other people yesterday?`,
  },
  money: {
    today: msg`How stressed do you feel about money today?`,
    yesterday: msg`How stressed did you feel about money yesterday?`,
  },
  personal: {
    today: msg`How stressed do you feel about your feelings and thoughts today?`,
    yesterday: msg`How stressed did you feel about your feelings and thoughts yesterday?`,
  },
  clock: {
    today: msg`How stressed do you feel about time and getting things done today?`,
    yesterday: msg`How stressed did you feel about time and getting things done yesterday?`,
  },
  health: {
    today: msg`How stressed do you feel about your body and your health today?`,
    yesterday: msg`How stressed did you feel about your body and your health yesterday?`,
  },
};

interface StressFlowProps {
  kind: StressKey;
  initialValues: PropertyValues;
  /** A past day inside the grace window; undefined for today. */
  date?: string;
}

function StressFlow({ kind, initialValues, date }: StressFlowProps) {
  const { formatCents, formatDayHeading } = useFormats();
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  const save = useSaveActivity('stress', date);
  const [ratings, setRatings] = useState(initialValues);
  const [saved, setSaved] = useState(() => JSON.stringify(initialValues));
  const prompt = useUnsavedChangesPrompt(JSON.stringify(ratings) !== saved);
  const [announcement, setAnnouncement] = useState('');
  const index = STRESS_PAGES.findIndex((p) => p.kind === kind);
  const page = STRESS_PAGES[index];
  const title = page ? i18n._(page.title) : kind;
  const position = index + 1;
  const pageCount = STRESS_PAGES.length;
  const dayName = date ? formatDayHeading(date) : '';
  const previous = STRESS_PAGES[index - 1];
  const next = STRESS_PAGES[index + 1];
  const KindIcon = propertyIcon('stress', kind);

  const rate = (rating: number) => {
    const updated = { ...ratings, [kind]: rating };
    setRatings(updated);
    save.reset();
    const faceLabel = FACES.find((f) => f.rating === rating)?.label;
    const face = faceLabel ? i18n._(faceLabel) : '';
    const cost = formatCents(stressRatingCents(rating));
    const total = formatCents(activityTotalCents('stress', updated));
    setAnnouncement(t`${title}: ${rating} of 5, ${face}, ${cost}. Stress total ${total}.`);
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
      <ReadAloud />
      <section
        aria-labelledby="stress-title"
        className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5"
      >
        <div>
          <p className="text-sm font-semibold text-slate-600">
            <Trans>
              Stress {position} of {pageCount}
            </Trans>
          </p>
          <h1 id="stress-title" className="flex items-center gap-2 text-2xl font-bold">
            <KindIcon aria-hidden className="size-8 shrink-0 text-accent-strong" />
            {title}
          </h1>
          {date && (
            <p className="font-semibold text-accent-strong">
              <Trans>Yesterday, {dayName}</Trans>
            </p>
          )}
        </div>
        <FaceRating
          key={kind}
          name={`stress-${kind}`}
          legend={i18n._(QUESTIONS[kind][date ? 'yesterday' : 'today'])}
          value={ratings[kind] ?? 0}
          onChange={rate}
        />
      </section>
      <p role="status" aria-live="polite" className="sr-only">
        {save.isPending ? t`Saving...` : announcement}
      </p>
      {save.isError && <ErrorBox messages={[errorText(save.error)]} />}
      <div className="grid grid-cols-2 gap-3">
        <Button
          variant="secondary"
          disabled={!previous}
          onClick={() => previous && goTo(previous.kind)}
        >
          <ArrowLeft aria-hidden className="size-5" />
          <Trans>Back</Trans>
        </Button>
        <Button variant="secondary" disabled={!next} onClick={() => next && goTo(next.kind)}>
          <Trans>Next</Trans>
          <ArrowRight aria-hidden className="size-5" />
        </Button>
      </div>
      <DoneButton saving={save.isPending} onClick={done} />
      <TalkButton />
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
  const { t } = useLingui();
  const day = useEntryDay();
  const date = day.status === 'editable' ? day.date : undefined;
  const { activities, isPending } = useDayActivities(date, day.status === 'editable');
  const stressCheckIn = useStressCheckInOn();
  // Off for the child (decision 0073): there is no stress page.
  if (!isStressKind(kind) || !stressCheckIn) return <Navigate to="/dashboard" replace />;
  if (day.status === 'loading') return <Spinner label={t`Loading your day...`} />;
  if (day.status !== 'editable') {
    return <DayUnavailable reason={day.status} date={'date' in day ? day.date : undefined} />;
  }
  if (isPending) return <Spinner label={t`Loading your day...`} />;
  return (
    <StressFlow
      key={date ?? 'today'}
      kind={kind}
      initialValues={valuesOf(findActivity(activities, 'stress'))}
      date={date}
    />
  );
}
