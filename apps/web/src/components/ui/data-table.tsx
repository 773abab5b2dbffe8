import { Trans } from '@lingui/react/macro';
import { type ComponentProps, useId } from 'react';
import { cn } from '@/lib/platform/cn';
import { useSidewaysScroll } from './use-sideways-scroll';

/**
 * A compact, full-width table; the one component of every wide table (docs/accessibility.md
 * "Layout"). When it is wider than the screen (a phone, 320 px at 400 % zoom) it scrolls sideways
 * inside its own box instead of widening the page (WCAG 1.4.10), and says so: "Scroll sideways to
 * see more" above it, a fading right edge while some of it is still hidden, and a focusable
 * region named after the table (`scrollLabel`, else its caption or `aria-labelledby`), so a
 * keyboard can scroll it too (WCAG 2.1.1). Where it fits (a desk), none of these show. The box is
 * `relative` so that a visually hidden caption (`sr-only`, absolutely placed) scrolls with the
 * table instead of widening the page.
 */
export function DataTable({
  className,
  children,
  scrollLabel,
  ...props
}: ComponentProps<'table'> & { scrollLabel?: string }) {
  const scroll = useSidewaysScroll<HTMLDivElement>();
  const hintId = useId();
  const labelledBy = props['aria-labelledby'];
  const region = scroll.overflows
    ? ({
        role: 'region',
        tabIndex: 0,
        'aria-describedby': hintId,
        ...(scrollLabel || !labelledBy
          ? {
              'aria-label':
                scrollLabel ??
                scroll.ref.current?.querySelector('caption')?.textContent ??
                undefined,
            }
          : { 'aria-labelledby': labelledBy }),
      } as const)
    : undefined;
  return (
    <div className="-mx-2 flex flex-col gap-1">
      {scroll.overflows && (
        <p id={hintId} className="px-2 text-xs font-semibold text-slate-600">
          <Trans>Scroll sideways to see more</Trans>
        </p>
      )}
      <div className="relative">
        <div
          ref={scroll.ref}
          data-testid="table-scroll"
          className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent"
          {...region}
        >
          <table className={cn('w-full border-collapse text-left text-sm', className)} {...props}>
            {children}
          </table>
        </div>
        {/* The fading edge: the table goes on past it. Gone once scrolled to the end. */}
        <div
          aria-hidden
          data-scroll-cue={scroll.more ? 'more' : 'end'}
          className={cn(
            'pointer-events-none absolute inset-y-0 right-0 w-10 bg-linear-to-l from-white to-transparent transition-opacity',
            scroll.more ? 'opacity-100' : 'opacity-0',
          )}
        />
      </div>
    </div>
  );
}

export const thClasses =
  'border-b-2 border-slate-200 px-2 py-2 text-xs font-bold tracking-wide text-slate-600 uppercase';
export const tdClasses = 'border-b border-slate-100 px-2 py-2 align-middle';
