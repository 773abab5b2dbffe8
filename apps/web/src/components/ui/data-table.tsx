import type { ComponentProps } from 'react';
import { cn } from '@/lib/platform/cn';

/**
 * A compact, full-width table that scrolls sideways on a narrow phone instead of overflowing. A
 * table with nothing focusable in it names its scrolling region (`scrollLabel`), which can then
 * take the focus, so a keyboard can scroll it too (WCAG 2.1.1). The box is `relative` so that a
 * visually hidden header (`sr-only`, absolutely placed) scrolls with the table instead of
 * widening the page (Spanish Staff & students was 431 px wide at 390).
 */
export function DataTable({
  className,
  children,
  scrollLabel,
  ...props
}: ComponentProps<'table'> & { scrollLabel?: string }) {
  const region = scrollLabel
    ? ({ role: 'region', 'aria-label': scrollLabel, tabIndex: 0 } as const)
    : undefined;
  return (
    <div
      className="relative -mx-2 overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent"
      {...region}
    >
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props}>
        {children}
      </table>
    </div>
  );
}

export const thClasses =
  'border-b-2 border-slate-200 px-2 py-2 text-xs font-bold tracking-wide text-slate-600 uppercase';
export const tdClasses = 'border-b border-slate-100 px-2 py-2 align-middle';
