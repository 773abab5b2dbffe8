import { Sparkles } from 'lucide-react';
import { Card } from './card';

/** A placeholder for a page that a later issue builds. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 text-center">
      <h1 className="text-2xl font-bold text-accent-strong">{title}</h1>
      <Sparkles aria-hidden className="size-8 text-accent" />
      <p className="text-slate-700">Coming soon</p>
    </Card>
  );
}
