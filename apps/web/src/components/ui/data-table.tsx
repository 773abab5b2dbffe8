import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A compact, full-width table that scrolls sideways on a narrow phone instead of overflowing. */
export function DataTable({ className, children, ...props }: ComponentProps<'table'>) {
  return (
    <div className="-mx-2 overflow-x-auto">
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props}>
        {children}
      </table>
    </div>
  );
}

export const thClasses =
  'border-b-2 border-slate-200 px-2 py-2 text-xs font-bold tracking-wide text-slate-600 uppercase';
export const tdClasses = 'border-b border-slate-100 px-2 py-2 align-middle';
