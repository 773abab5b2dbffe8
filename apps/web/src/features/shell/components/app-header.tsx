import { Trans, useLingui } from '@lingui/react/macro';
import { Menu, Star, Trophy } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { useFormats } from '@/i18n/formats';

interface AppHeaderProps {
  /** Undefined for someone with no points of their own (a guardian): no points shown. */
  points: number | undefined;
  /** All activities logged today (SPEC.md §4): a star beside the points. */
  dayComplete: boolean;
  /** The day's theme colour and the text colour on it (SPEC.md §4); the accent when unknown. */
  colors?: CSSProperties;
  onOpenMenu: () => void;
  /** The menu is about to be wanted (pointer over or focus on its button): fetch its code. */
  onPrepareMenu: () => void;
}

export function AppHeader(props: AppHeaderProps) {
  const { formatCount } = useFormats();
  const { points, dayComplete, colors, onOpenMenu, onPrepareMenu } = props;
  const { t } = useLingui();
  return (
    <header
      data-sticky="top"
      className="sticky top-0 z-10 bg-accent text-white shadow-md transition-colors print:hidden"
      style={colors}
    >
      <div className="mx-auto grid max-w-2xl grid-cols-[1fr_auto_1fr] items-center gap-2 px-2 py-1.5 lg:max-w-none">
        <button
          type="button"
          aria-label={t`Open menu`}
          onClick={onOpenMenu}
          onPointerEnter={onPrepareMenu}
          onFocus={onPrepareMenu}
          // From 1024 px the sidebar is open beside the page: nothing to open.
          className="grid size-11 place-items-center justify-self-start rounded-xl hover:bg-black/10 focus-visible:outline-current lg:invisible"
        >
          <Menu aria-hidden className="size-7" />
        </button>
        <Link
          to="/dashboard"
          className="rounded-lg px-2 py-2 text-xl font-extrabold tracking-tight focus-visible:outline-current"
        >
          Wellbank
        </Link>
        {/* The pill only frames the points: its text keeps the header's colour, which reads on
            every day colour (THEME_TEXT_HEX). A guardian has none: the grid keeps its column. */}
        {points === undefined ? (
          <span />
        ) : (
          <p className="flex min-h-11 items-center justify-self-end gap-1.5 rounded-full bg-black/10 px-3 text-sm font-bold">
            <Trophy aria-hidden className="size-4" />
            <span data-testid="header-points">{formatCount(points)}</span>
            <span className="sr-only sm:not-sr-only">
              <Trans>points</Trans>
            </span>
            {dayComplete && (
              <span role="img" aria-label={t`All activities logged today`} className="text-current">
                <Star aria-hidden className="size-5 fill-current" />
              </span>
            )}
          </p>
        )}
      </div>
    </header>
  );
}
