import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ColorCount, dollarsToCents, THEME_HEX, type WeeklySnapshot } from '@wellbank/domain';
import { useFormats } from '@/i18n/formats';

/** SPEC.md §2 counts three groups: both greens, yellow, both reds. */
const GROUPS = [
  {
    key: 'green',
    label: msg`Green`,
    colors: ['dark_green', 'light_green'],
    hex: THEME_HEX.dark_green,
  },
  { key: 'yellow', label: msg`Yellow`, colors: ['yellow'], hex: THEME_HEX.yellow },
  { key: 'red', label: msg`Red`, colors: ['light_red', 'dark_red'], hex: THEME_HEX.dark_red },
] as const;

function ColorCounts({ title, counts }: { title: string; counts: ColorCount }) {
  const { i18n } = useLingui();
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-bold">{title}</h3>
      <ul className="grid grid-cols-3 gap-2">
        {GROUPS.map((group) => {
          const days = group.colors.reduce((sum, color) => sum + counts[color], 0);
          return (
            <li
              key={group.key}
              className="flex flex-col items-center rounded-xl bg-slate-50 px-1 py-2 ring-1 ring-slate-200"
            >
              <span className="flex items-center gap-1.5 text-sm font-semibold text-slate-700">
                <span
                  aria-hidden
                  className="size-3 rounded-full ring-1 ring-slate-500"
                  style={{ backgroundColor: group.hex }}
                />
                {i18n._(group.label)}
              </span>
              <span className="text-xl font-extrabold tabular-nums">
                {days}
                <span className="sr-only">
                  {' '}
                  <Plural value={days} one="day" other="days" />
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** "Previous Week" (SPEC.md §2): the Monday-to-Sunday week before this one. */
export function PreviousWeek({ snapshot }: { snapshot: WeeklySnapshot }) {
  const { formatCents } = useFormats();
  const { t } = useLingui();
  return (
    <section aria-labelledby="previous-week-title" className="flex flex-col gap-4">
      <h2 id="previous-week-title" className="text-lg font-bold">
        <Trans>Previous Week</Trans>
      </h2>
      <ColorCounts title={t`Daily balances`} counts={snapshot.daily_balance_color_count} />
      <ColorCounts title={t`Food levels`} counts={snapshot.daily_food_color_count} />
      <dl className="grid grid-cols-2 gap-2">
        <div className="flex flex-col items-center rounded-xl bg-emerald-50 px-2 py-3 text-center">
          <dt className="text-xs font-bold tracking-wide text-slate-600 uppercase">
            <Trans>Days banked</Trans>
          </dt>
          <dd className="text-2xl font-extrabold text-accent-strong tabular-nums">
            {snapshot.days_banked}
          </dd>
        </div>
        <div className="flex flex-col items-center rounded-xl bg-emerald-50 px-2 py-3 text-center">
          <dt className="text-xs font-bold tracking-wide text-slate-600 uppercase">
            <Trans>Weekly balance</Trans>
          </dt>
          <dd className="text-2xl font-extrabold text-accent-strong tabular-nums">
            {formatCents(dollarsToCents(snapshot.weekly_balance))}
          </dd>
        </div>
      </dl>
    </section>
  );
}
