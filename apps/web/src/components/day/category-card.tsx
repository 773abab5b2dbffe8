import { Trans, useLingui } from '@lingui/react/macro';
import {
  type Activity,
  amountTone,
  type CardLine,
  cardLines,
  DASHBOARD_TEXTS,
  dashboardMaxCents,
  dollarsToCents,
  EMPTY_STATE_TEXT,
  formatDuration,
  isDurationKey,
} from '@wellbank/domain';
import { ChevronRight, PartyPopper } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { useFormats } from '@/i18n/formats';
import { activityIcon } from '@/lib/day/activity-icons';
import { activityTitle, propertyLabel } from '@/lib/day/activity-labels';
import { TONE_CLASS } from '@/lib/day/day-theme';
import { cn } from '@/lib/platform/cn';

/**
 * Which day a card shows: today (SPEC.md §8's encouraging empty texts), a past day that can still
 * be changed, or a past day that is only shown.
 */
export type CardDay = 'today' | 'editable' | 'past';

interface CategoryCardProps {
  type: string;
  activity?: Activity;
  /** The entry page: the whole card opens it (issue #14); none on a day that cannot change. */
  href?: string;
  day?: CardDay;
}

function useDisplayValue() {
  const { t } = useLingui();
  return (type: string, key: string, value: number): string => {
    // A rating of 0 is no rating (SPEC.md: "0 means unset"), not the best score of a scale.
    if (type === 'stress') return value > 0 ? t`${value} of 5` : t`Not rated`;
    if (key === 'piggy_bank') return value > 0 ? t`Yes` : t`No`;
    return isDurationKey(key) ? formatDuration(value) : String(value);
  };
}

function useEmptyText(type: string, day: CardDay): string | undefined {
  const { t, i18n } = useLingui();
  if (day === 'past') return t`Nothing was logged this day.`;
  if (day === 'editable') return t`Nothing logged yet. Tap to add it.`;
  if (type === 'stress') return t`How stressed are you today? Rate it!`;
  const text = EMPTY_STATE_TEXT[type as keyof typeof EMPTY_STATE_TEXT];
  return text && i18n._(text);
}

/** The name of a line that is not a property: the start, or the limit that clamped the total. */
function useLineName() {
  const { formatCents } = useFormats();
  const { t } = useLingui();
  return (line: Exclude<CardLine, { kind: 'property' }>): string => {
    if (line.kind === 'start') return t`Starting amount`;
    if (line.kind === 'other') return t`Adjustment`;
    const limit = formatCents(line.limitCents);
    return line.kind === 'max' ? t`Can't go above ${limit}` : t`Can't go below ${limit}`;
  };
}

/** A title that may break after its slashes ("Rest/<wbr>Mindfulness"), not past the card's edge. */
function Breakable({ text }: { text: string }) {
  const parts = text.split('/');
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));
}

/**
 * One category of the dashboard (SPEC.md §2): its properties, its "$N max", or its empty state.
 * The amounts listed add up to the total shown (the domain's cardLines: the start and a limit are
 * lines of their own). With `href` the title is a link stretched over the card, so a tap anywhere
 * opens the entry page and a screen reader hears one short link (the category's name).
 */
export function CategoryCard({ type, activity, href, day = 'today' }: CategoryCardProps) {
  const { formatCents } = useFormats();
  const { i18n } = useLingui();
  const displayValue = useDisplayValue();
  const lineName = useLineName();
  const emptyText = useEmptyText(type, day);
  const Icon = activityIcon(type);
  const maxCents = dashboardMaxCents(type);
  const max = `$${maxCents / 100}`;
  const totalCents = activity ? dollarsToCents(activity.total) : 0;
  const titleId = `category-${type}`;
  const title = activityTitle(i18n, type);
  const lines = activity
    ? cardLines(
        type,
        activity.properties
          .filter((p) => p.property_key !== 'piggy_bank' || p.property_value > 0)
          .map((p) => ({
            key: p.property_key,
            value: p.property_value,
            cents:
              typeof p.property_total === 'number' ? dollarsToCents(p.property_total) : undefined,
          })),
        totalCents,
      )
    : [];

  return (
    <section
      aria-labelledby={titleId}
      className="relative flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-accent-strong has-[a:hover]:ring-accent"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-emerald-50 text-accent-strong">
          <Icon aria-hidden className="size-6" />
        </span>
        <h2 className="min-w-0 flex-1 text-lg font-bold">
          {href ? (
            <Link to={href} className="rounded-md after:absolute after:inset-0 after:rounded-2xl">
              <span id={titleId}>
                <Breakable text={title} />
              </span>
            </Link>
          ) : (
            <span id={titleId}>
              <Breakable text={title} />
            </span>
          )}
        </h2>
        <p className="text-right leading-tight">
          <span className="block text-lg font-extrabold tabular-nums" data-testid="card-total">
            {activity ? formatCents(totalCents) : '–'}
          </span>
          {maxCents > 0 && (
            <span className="block text-xs font-semibold text-slate-600">
              <Trans>{max} max</Trans>
            </span>
          )}
        </p>
        {href && <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-500" />}
      </div>
      {lines.length > 0 ? (
        <dl className="flex flex-col gap-1 text-sm">
          {lines.map((line) => (
            <div
              key={line.kind === 'property' ? line.key : line.kind}
              className="flex items-baseline gap-2"
              data-line={line.kind}
            >
              <dt className="flex-1 text-slate-700">
                {line.kind === 'property' ? propertyLabel(i18n, type, line.key) : lineName(line)}
              </dt>
              {line.kind === 'property' && (
                <dd className="font-semibold tabular-nums">
                  {displayValue(type, line.key, line.value)}
                </dd>
              )}
              <dd
                className={cn(
                  'w-16 text-right tabular-nums',
                  line.kind === 'property' ? 'text-slate-600' : TONE_CLASS[amountTone(line.cents)],
                )}
                data-testid="line-amount"
              >
                {formatCents(line.cents)}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-slate-700">{emptyText}</p>
      )}
      {maxCents > 0 && totalCents >= maxCents && (
        <p className="flex items-center gap-2 text-sm font-bold text-accent-strong">
          <PartyPopper aria-hidden className="size-4" />
          {i18n._(DASHBOARD_TEXTS.allMoneyEarned)}
        </p>
      )}
    </section>
  );
}
