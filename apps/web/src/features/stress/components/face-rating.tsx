import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Angry, Frown, Laugh, type LucideIcon, Meh, Smile } from 'lucide-react';
import { cn } from '@/lib/platform/cn';

/** Ratings 1 (calm) … 5 (most stressed); 0 is unset (SPEC.md §4, DESIGN.md §1.2). */
export const FACES: readonly { rating: number; label: MessageDescriptor; Icon: LucideIcon }[] = [
  { rating: 1, label: msg`no stress`, Icon: Laugh },
  { rating: 2, label: msg`a little stress`, Icon: Smile },
  { rating: 3, label: msg`some stress`, Icon: Meh },
  { rating: 4, label: msg`a lot of stress`, Icon: Frown },
  { rating: 5, label: msg`very stressed`, Icon: Angry },
];

interface FaceRatingProps {
  name: string;
  legend: string;
  value: number;
  onChange: (rating: number) => void;
}

/** Native radio buttons drawn as faces: arrow keys move between them, Tab leaves the group. */
export function FaceRating({ name, legend, value, onChange }: FaceRatingProps) {
  const { t, i18n } = useLingui();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-lg font-semibold text-slate-800">{legend}</legend>
      <div className="grid grid-cols-5 gap-1.5">
        {FACES.map(({ rating, label, Icon }) => {
          const face = i18n._(label);
          return (
            <label key={rating} className="flex flex-col items-center gap-1 text-center">
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                aria-label={t`${rating}, ${face}`}
                className="peer sr-only"
              />
              <span
                aria-hidden
                className={cn(
                  'grid size-14 place-items-center rounded-full border-2 border-slate-300 bg-white text-slate-700 transition-colors',
                  'peer-checked:border-accent-strong peer-checked:bg-accent peer-checked:text-white',
                  'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-strong',
                )}
              >
                <Icon className="size-9" />
              </span>
              <span aria-hidden className="text-sm font-bold tabular-nums">
                {rating}
              </span>
            </label>
          );
        })}
      </div>
      <p aria-hidden className="flex justify-between text-xs font-semibold text-slate-600">
        <span>
          <Trans>Calm</Trans>
        </span>
        <span>
          <Trans>Very stressed</Trans>
        </span>
      </p>
    </fieldset>
  );
}
