import { Trans, useLingui } from '@lingui/react/macro';
import { amountTone, DASHBOARD_TEXTS, dayColor, type ThemeColor } from '@wellbank/domain';
import type { ReactNode } from 'react';
import { useFormats } from '@/i18n/formats';
import { COLOR_NAMES, TONE_CLASS, themeHex, themeStyle } from '@/lib/day/day-theme';
import { cn } from '@/lib/platform/cn';

interface BalanceSummaryProps {
  theme: ThemeColor;
  balanceCents: number;
  foodCents: number;
  /** Undefined when the stress check-in is off for the person: no Stress figure (decision 0073). */
  stressCents: number | undefined;
  energyCents: number;
  foodLogged: boolean;
  /** The card's heading (the page's h1): the account title, or the day on a day's page. */
  title?: string;
  /** "Today's" on the dashboard; a past day's page says "Balance", "Food Level". */
  today?: boolean;
  /** The balance's label instead of "Today's Balance" / "Balance" (a guardian's view). */
  balanceLabel?: ReactNode;
}

/** SPEC.md §2 dashboard: the account card with a day's balance, food level, stress and energy. */
export function BalanceSummary(props: BalanceSummaryProps) {
  const { formatCents } = useFormats();
  const { t, i18n } = useLingui();
  const { theme, balanceCents, foodCents, stressCents, energyCents, foodLogged } = props;
  const { title = i18n._(DASHBOARD_TEXTS.accountTitle), today = true } = props;
  const food = foodLogged ? dayColor(foodCents) : 'grey';
  const themeName = i18n._(COLOR_NAMES[theme]);
  const foodName = i18n._(COLOR_NAMES[food]);
  return (
    <section
      aria-labelledby="account-title"
      data-theme={theme}
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5"
    >
      <div
        className="flex flex-col items-center gap-1 px-5 pt-5 pb-6 text-center transition-colors"
        style={themeStyle(theme)}
      >
        <h1 id="account-title" className="text-xl font-bold">
          {title}
        </h1>
        <p className="text-sm font-semibold tracking-wide uppercase opacity-95">
          {props.balanceLabel ?? (today ? <Trans>Today's Balance</Trans> : <Trans>Balance</Trans>)}
        </p>
        <p className="text-5xl font-extrabold tabular-nums" data-testid="today-balance">
          {formatCents(balanceCents)}
        </p>
        <p className="sr-only">
          {today ? (
            <Trans>Today's colour: {themeName}</Trans>
          ) : (
            <Trans>The day's colour: {themeName}</Trans>
          )}
        </p>
      </div>
      <dl
        className={cn(
          'grid divide-x divide-slate-200 py-4 text-center',
          stressCents === undefined ? 'grid-cols-2' : 'grid-cols-3',
        )}
      >
        <div className="flex flex-col items-center gap-1 px-1">
          <dt className="text-xs font-semibold text-slate-700">
            {today ? <Trans>Today's Food Level</Trans> : <Trans>Food Level</Trans>}
          </dt>
          <dd className="flex flex-col items-center gap-1">
            <span
              role="img"
              aria-label={t`Food level ${foodName}`}
              data-color={food}
              className="size-9 rounded-full border border-slate-500 ring-4 ring-slate-100"
              style={{ backgroundColor: themeHex(food) }}
            />
            <span className="text-sm font-bold tabular-nums">{formatCents(foodCents)}</span>
          </dd>
        </div>
        {stressCents !== undefined && (
          <div className="flex flex-col items-center justify-between gap-1 px-1">
            <dt className="text-xs font-semibold text-slate-700">
              <Trans>Stress</Trans>
            </dt>
            <dd
              className={cn(
                'text-xl font-extrabold tabular-nums',
                TONE_CLASS[amountTone(stressCents)],
              )}
              data-testid="stress-total"
            >
              {formatCents(stressCents)}
            </dd>
          </div>
        )}
        <div className="flex flex-col items-center justify-between gap-1 px-1">
          <dt className="text-xs font-semibold text-slate-700">
            <Trans>Energy</Trans>
          </dt>
          <dd
            className={cn(
              'text-xl font-extrabold tabular-nums',
              TONE_CLASS[amountTone(energyCents)],
            )}
            data-testid="energy-total"
            data-tone={amountTone(energyCents)}
          >
            {formatCents(energyCents)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
