import { type ReactNode, useId } from 'react';

/** A titled part of /profile below the form, a landmark its heading names. */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 border-t border-slate-200 pt-5"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
