import { Trans } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/platform/cn';

/**
 * Copies `text` to the clipboard. The button's name says what it copies; "Copied" is announced
 * (role="status") and shown for a few seconds. Without clipboard access (an old browser, a page
 * not served over HTTPS) the button is not shown: the text beside it can still be selected.
 */
export function CopyButton({
  text,
  label,
  className,
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  if (!navigator.clipboard) return null;
  const copy = () =>
    // A refused permission leaves nothing to say: the text is there to copy by hand.
    navigator.clipboard.writeText(text).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 3_000);
      },
      () => {},
    );
  return (
    <span className="inline-flex items-center gap-1">
      <button
        type="button"
        aria-label={label}
        title={label}
        onClick={copy}
        className={cn(
          'grid size-11 place-items-center rounded-xl hover:bg-emerald-100 focus-visible:outline-2',
          className,
        )}
      >
        {copied ? (
          <Check aria-hidden className="size-5" />
        ) : (
          <Copy aria-hidden className="size-5" />
        )}
      </button>
      <span role="status" className="text-sm font-semibold">
        {copied && <Trans>Copied</Trans>}
      </span>
    </span>
  );
}
