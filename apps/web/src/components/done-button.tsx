import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** "Okay, I'm done for now" (SPEC.md §2): saves the entry page, spinning while it saves. */
export function DoneButton({ saving, onClick }: { saving: boolean; onClick: () => void }) {
  return (
    <Button onClick={onClick} disabled={saving} aria-busy={saving} className="w-full">
      {saving && <LoaderCircle aria-hidden className="size-5 animate-spin" />}
      Okay, I'm done for now
    </Button>
  );
}
