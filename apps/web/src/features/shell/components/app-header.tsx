import { Trans, useLingui } from '@lingui/react/macro';
import { formatCount } from '@wellbank/domain';
import { Menu, Star, Trophy } from 'lucide-react';
import { Link } from 'react-router';

interface AppHeaderProps {
  points: number;
  /** All activities logged today (SPEC.md §4): a star beside the points. */
  dayComplete: boolean;
  /** The day's theme colour (SPEC.md §4); the default accent when unknown. */
  color?: string;
  onOpenMenu: () => void;
  /** The menu is about to be wanted (pointer over or focus on its button): fetch its code. */
  onPrepareMenu: () => void;
}

export function AppHeader(props: AppHeaderProps) {
  const { points, dayComplete, color, onOpenMenu, onPrepareMenu } = props;
  const { t } = useLingui();
  return (
    <header
      className="sticky top-0 z-10 bg-accent text-white shadow-md transition-colors"
      style={color ? { backgroundColor: color } : undefined}
    >
      <div className="mx-auto grid max-w-2xl grid-cols-[1fr_auto_1fr] items-center gap-2 px-2 py-1.5">
        <button
          type="button"
          aria-label={t`Open menu`}
          onClick={onOpenMenu}
          onPointerEnter={onPrepareMenu}
          onFocus={onPrepareMenu}
          className="grid size-11 place-items-center justify-self-start rounded-xl hover:bg-white/15 focus-visible:outline-white"
        >
          <Menu aria-hidden className="size-7" />
        </button>
        <Link
          to="/dashboard"
          className="rounded-lg px-2 py-2 text-xl font-extrabold tracking-tight focus-visible:outline-white"
        >
          Wellbank
        </Link>
        {/* A darker pill, not a lighter one: white on a lightened yellow or light green day
            colour falls below 4.5:1. */}
        <p className="flex min-h-11 items-center justify-self-end gap-1.5 rounded-full bg-black/20 px-3 text-sm font-bold">
          <Trophy aria-hidden className="size-4" />
          <span data-testid="header-points">{formatCount(points ?? 0)}</span>
          <span className="sr-only sm:not-sr-only">
            <Trans>points</Trans>
          </span>
          {dayComplete && (
            <span role="img" aria-label={t`All activities logged today`} className="text-amber-300">
              <Star aria-hidden className="size-5 fill-current" />
            </span>
          )}
        </p>
      </div>
    </header>
  );
}
