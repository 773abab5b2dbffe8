import { Trans, useLingui } from '@lingui/react/macro';
import { SECRET_PICTURES, type SecretPicture } from '@wellbank/domain';
import { Picture, usePictureName } from '@/components/picture';
import { cn } from '@/lib/platform/cn';

/**
 * The grid of nine a child taps their two secret pictures from, in order, with a dot for each
 * picture tapped so far (issue 34 §2). Each button says its picture's name.
 */
export function SecretPictureGrid({
  tapped,
  onTap,
  disabled,
}: {
  tapped: readonly SecretPicture[];
  onTap: (picture: SecretPicture) => void;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const nameOf = usePictureName();
  const count = tapped.length;
  return (
    <div className="flex flex-col items-center gap-4">
      <p className="flex items-center gap-3" role="status">
        <span className="sr-only">
          <Trans>{count} of 2 pictures tapped</Trans>
        </span>
        {[0, 1].map((dot) => (
          <span
            key={dot}
            aria-hidden
            data-testid="progress-dot"
            data-filled={dot < count}
            className={cn(
              'size-5 rounded-full border-2 border-accent-strong',
              dot < count && 'bg-accent-strong',
            )}
          />
        ))}
      </p>
      <ul className="grid w-full max-w-sm grid-cols-3 gap-3" aria-label={t`Secret pictures`}>
        {SECRET_PICTURES.map((picture) => (
          <li key={picture}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onTap(picture)}
              aria-label={nameOf(picture)}
              className="grid aspect-square w-full min-h-20 place-items-center rounded-2xl border-2 border-slate-300 bg-white text-accent-strong shadow-sm hover:border-accent active:bg-emerald-50 disabled:opacity-50"
            >
              <Picture picture={picture} decorative className="size-12" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
