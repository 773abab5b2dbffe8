import type { ReactNode } from 'react';

export function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border-2 border-slate-200 p-4">
      <legend className="px-1 text-lg font-bold text-accent-strong">{legend}</legend>
      {children}
    </fieldset>
  );
}
