import {
  type Activity,
  type ActivityType,
  DASHBOARD_TEXTS,
  dashboardMaxCents,
  dollarsToCents,
  EMPTY_STATE_TEXT,
  formatCents,
  formatDuration,
  isDurationKey,
  propertyTotalCents,
} from '@wellbank/domain';
import { ChevronRight, PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { activityIcon } from '@/lib/activity-icons';
import { activityTitle, propertyLabel } from '@/lib/activity-labels';

function displayValue(type: string, key: string, value: number): string {
  if (type === 'stress') return `${value} of 5`;
  if (key === 'piggy_bank') return value > 0 ? 'Yes' : 'No';
  return isDurationKey(key) ? formatDuration(value) : String(value);
}

function propertyCents(type: string, property: Activity['properties'][number]): number {
  if (typeof property.property_total === 'number') return dollarsToCents(property.property_total);
  return propertyTotalCents(type as ActivityType, property.property_key, property.property_value);
}

function emptyText(type: string): string | undefined {
  if (type === 'stress') return 'How stressed are you today? Rate it!';
  return EMPTY_STATE_TEXT[type as keyof typeof EMPTY_STATE_TEXT];
}

interface CategoryCardProps {
  type: string;
  activity?: Activity;
  /** The entry page: the whole card opens it (issue #14); none on a day that cannot change. */
  href?: string;
}

/**
 * One category of the dashboard (SPEC.md §2): its properties, its "$N max", or its empty state.
 * With `href` the title is a link stretched over the card, so a tap anywhere opens the entry
 * page and a screen reader hears one short link (the category's name), not the whole card.
 */
export function CategoryCard({ type, activity, href }: CategoryCardProps) {
  const Icon = activityIcon(type);
  const maxCents = dashboardMaxCents(type);
  const totalCents = activity ? dollarsToCents(activity.total) : 0;
  const titleId = `category-${type}`;
  const shown = activity?.properties.filter(
    (p) => p.property_key !== 'piggy_bank' || p.property_value > 0,
  );

  return (
    <section
      aria-labelledby={titleId}
      className="relative flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-accent-strong has-[a:hover]:ring-accent"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-emerald-50 text-accent-strong">
          <Icon aria-hidden className="size-6" />
        </span>
        <h2 className="flex-1 text-lg font-bold">
          {href ? (
            <Link to={href} className="rounded-md after:absolute after:inset-0 after:rounded-2xl">
              <span id={titleId}>{activityTitle(type)}</span>
            </Link>
          ) : (
            <span id={titleId}>{activityTitle(type)}</span>
          )}
        </h2>
        <p className="text-right leading-tight">
          <span className="block text-lg font-extrabold tabular-nums">
            {activity ? formatCents(totalCents) : '–'}
          </span>
          {maxCents > 0 && (
            <span className="block text-xs font-semibold text-slate-600">
              ${maxCents / 100} max
            </span>
          )}
        </p>
        {href && <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-500" />}
      </div>
      {shown && shown.length > 0 ? (
        <dl className="flex flex-col gap-1 text-sm">
          {shown.map((p) => (
            <div key={p.property_key} className="flex items-baseline gap-2">
              <dt className="flex-1 text-slate-700">{propertyLabel(type, p.property_key)}</dt>
              <dd className="font-semibold tabular-nums">
                {displayValue(type, p.property_key, p.property_value)}
              </dd>
              <dd className="w-16 text-right text-slate-600 tabular-nums">
                {formatCents(propertyCents(type, p))}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-slate-700">{emptyText(type)}</p>
      )}
      {maxCents > 0 && totalCents >= maxCents && (
        <p className="flex items-center gap-2 text-sm font-bold text-accent-strong">
          <PartyPopper aria-hidden className="size-4" />
          {DASHBOARD_TEXTS.allMoneyEarned}
        </p>
      )}
    </section>
  );
}
