import { Trans } from '@lingui/react/macro';
import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** "<Trans>Okay, I'm done for now</Trans>" (SPEC.md §2): saves the entry page, spinning while it saves. */
export function DoneButton({ saving, onClick }: { saving: boolean; onClick: () => void }) {
  return (
    <Button onClick={onClick} disabled={saving} aria-busy={saving} className="w-full">
      {saving && <LoaderCircle aria-hidden className="size-5 animate-spin" />}
      <Trans>Okay, I'm done for now</Trans>
    </Button>
  );
}
