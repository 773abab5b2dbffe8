import { Trans } from '@lingui/react/macro';
import { CircleAlert } from 'lucide-react';

/** A failed call's message in a box titled "Error" (SPEC.md §8). */
export function ErrorBox({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-xl border-2 border-danger/30 bg-red-50 p-3 text-danger"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-bold">
          <Trans>Error</Trans>
        </p>
        <p>{messages.join(', ')}</p>
      </div>
    </div>
  );
}
