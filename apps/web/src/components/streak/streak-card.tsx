import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { MAX_REST_DAYS, REST_DAY_EVERY, type StreakMark, type StreakView } from '@wellbank/domain';
import { FlameKindling, Moon, Star } from 'lucide-react';
import type { ComponentType } from 'react';
import { useFormats } from '@/i18n/formats';
import { useSchoolToday } from '@/lib/day/school-day';
import { cn } from '@/lib/platform/cn';
import { useSession } from '@/lib/platform/session';
import { useStreak } from './streak-query';

/**
 * The child's streak on the dashboard (issue 37 §1, decision 0082): the streak, the rest days
 * held and this week's days, Monday to Sunday. Kind at 0, never a count of what was missed. Loaded
 * lazily with the dashboard's extras, so the first load stays as it was (decision 0018); nothing
 * shows until it is read.
 */
export function StreakCard() {
  const userId = useSession()?.id ?? 0;
  const streak = useStreak(userId);
  const today = useSchoolToday();
  if (!streak.data || !today) return null;
  return <StreakSummary streak={streak.data} today={today} />;
}

/** How a day shows: its mark, or `open` (today not complete yet, or a school day to come). */
type DayState = StreakMark | 'open';

function StreakSummary({ streak, today }: { streak: StreakView; today: string }) {
  const length = streak.streak_length;
  const restDays = streak.rest_days;
  const todayOff = streak.week.find((day) => day.date === today)?.mark === 'day_off';
  return (
    <section
      aria-labelledby="streak-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'grid size-12 shrink-0 place-items-center rounded-full',
            length > 0 ? 'bg-amber-100 text-amber-800' : 'bg-slate-100 text-slate-600',
          )}
        >
          <FlameKindling className="size-7" />
        </span>
        <div className="flex min-w-0 flex-col">
          <h2 id="streak-title" className="text-lg font-bold" data-testid="streak-length">
            {length > 0 ? (
              <Plural value={length} one="#-day streak" other="#-day streak" />
            ) : todayOff ? (
              <Trans>Complete a school day to start a streak</Trans>
            ) : (
              <Trans>Complete today to start a streak</Trans>
            )}
          </h2>
          <RestDays held={restDays} />
        </div>
      </div>
      <WeekMarks week={streak.week} today={today} />
    </section>
  );
}

function RestDays({ held }: { held: number }) {
  const every = REST_DAY_EVERY;
  const keep = MAX_REST_DAYS;
  if (held === 0) {
    return (
      <p className="text-slate-700">
        <Trans>
          Every {every} complete school days earn a rest day. A rest day covers a school day you
          miss.
        </Trans>
      </p>
    );
  }
  return (
    <p className="text-slate-700" data-testid="streak-rest-days">
      <span className="font-semibold text-indigo-800">
        <Plural value={held} one="# rest day saved" other="# rest days saved" />
      </span>{' '}
      {held >= keep ? (
        <Trans>A rest day covers a school day you miss. You can keep {keep}.</Trans>
      ) : (
        <Trans>A rest day covers a school day you miss.</Trans>
      )}
    </p>
  );
}

/** 32 px on a 320 px screen, where seven 36 px marks do not fit; 36 px from 360 px. */
const CIRCLE = 'grid size-8 place-items-center rounded-full min-[360px]:size-9';

/** A day off's dash, drawn here: lucide's Minus is shared with the counters' chunk (decision 0018). */
function Dash({ className }: { className?: string }) {
  return (
    <span className={cn('flex items-center justify-center', className)}>
      <span className="h-0.5 w-3 rounded-full bg-current" />
    </span>
  );
}

const MARKS: Record<
  DayState,
  { classes: string; icon?: ComponentType<{ className?: string }>; filled?: boolean }
> = {
  complete: { classes: 'bg-emerald-700 text-white', icon: Star, filled: true },
  rest_day: {
    classes: 'border-2 border-indigo-700 bg-indigo-50 text-indigo-700',
    icon: Moon,
    filled: true,
  },
  missed: { classes: 'border-2 border-slate-500 bg-white' },
  day_off: { classes: 'bg-slate-100 text-slate-600', icon: Dash },
  open: { classes: 'border-2 border-dashed border-slate-500 bg-white' },
};

/** The mark's picture: a star, a moon, an empty circle, a dash, a dashed circle. */
function MarkPicture({ state, today }: { state: DayState; today: boolean }) {
  const { classes, icon: Icon, filled } = MARKS[state];
  return (
    <span
      aria-hidden="true"
      data-mark={state}
      className={cn(CIRCLE, classes, today && 'ring-2 ring-slate-900 ring-offset-2')}
    >
      {Icon && <Icon className={cn('size-5', filled && 'fill-current')} />}
    </span>
  );
}

function WeekMarks({ week, today }: { week: StreakView['week']; today: string }) {
  const { t } = useLingui();
  const { dateFormat } = useFormats();
  const short = dateFormat({ weekday: 'short', timeZone: 'UTC' });
  const long = dateFormat({ weekday: 'long', timeZone: 'UTC' });

  /** What a screen reader (and read-aloud) says for a day: whole sentences, one per state. */
  const dayText = (weekday: string, state: DayState, isToday: boolean): string => {
    if (isToday) {
      if (state === 'complete') return t`${weekday}, today: complete`;
      if (state === 'day_off') return t`${weekday}, today: no school`;
      if (state === 'open') return t`${weekday}, today: not complete yet`;
    }
    switch (state) {
      case 'complete':
        return t`${weekday}: complete`;
      case 'rest_day':
        return t`${weekday}: a rest day covered it`;
      case 'missed':
        return t`${weekday}: not complete`;
      case 'day_off':
        return t`${weekday}: no school`;
      default:
        return t`${weekday}: still to come`;
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <p id="streak-week-title" className="text-sm font-semibold text-slate-700">
        <Trans>This week</Trans>
      </p>
      <ol aria-labelledby="streak-week-title" className="grid grid-cols-7 gap-1 text-center">
        {week.map(({ date, mark }) => {
          const instant = new Date(`${date}T00:00:00Z`);
          const isToday = date === today;
          // A day before today without a mark (before the first day logged) shows as not complete.
          const state: DayState = mark ?? (date < today ? 'missed' : 'open');
          return (
            <li key={date} className="flex flex-col items-center gap-1" data-date={date}>
              <span
                aria-hidden="true"
                className={cn('text-xs text-slate-700', isToday && 'font-bold text-slate-900')}
              >
                {short.format(instant)}
              </span>
              <MarkPicture state={state} today={isToday} />
              <span className="sr-only">{dayText(long.format(instant), state, isToday)}</span>
              {isToday && (
                <span aria-hidden="true" className="text-xs font-bold text-slate-900">
                  <Trans>Today</Trans>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <li className="flex items-center gap-1">
          <Star className="size-4 fill-current text-emerald-700" />
          <Trans>Complete</Trans>
        </li>
        <li className="flex items-center gap-1">
          <Moon className="size-4 fill-current text-indigo-700" />
          <Trans>Rest day</Trans>
        </li>
        <li className="flex items-center gap-1">
          <Dash className="size-4 text-slate-600" />
          <Trans>No school</Trans>
        </li>
      </ul>
    </div>
  );
}
