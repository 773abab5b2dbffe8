import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

export function Spinner({ label }: { label: ReactNode }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-6 text-slate-700">
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      {label}
    </p>
  );
}
