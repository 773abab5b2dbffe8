import { Trans } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/platform/cn';

interface SwitchProps extends Omit<ComponentProps<'button'>, 'onChange' | 'role'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The accessible name, e.g. "Staff: Sam Rivera". */
  label: string;
}

/** An on/off toggle: a 44 px button with role="switch", its state shown by position and text. */
export function Switch({
  checked,
  onCheckedChange,
  label,
  className,
  disabled,
  ...props
}: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        // The state's word sits under the track, so the switch fits a table column of a phone.
        'group inline-flex min-h-11 min-w-11 flex-col items-center justify-center gap-0.5 rounded-xl px-1 disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className={cn(
          'relative inline-block h-7 w-12 shrink-0 rounded-full border-2 transition-colors',
          checked ? 'border-accent-strong bg-accent' : 'border-slate-500 bg-slate-200',
        )}
      >
        <span
          className={cn(
            // left-0: without it the thumb starts from the button's centred text position.
            'absolute top-0.5 left-0 size-5 rounded-full bg-white shadow ring-1 ring-slate-900/20 transition-transform',
            checked ? 'translate-x-[1.375rem]' : 'translate-x-0.5',
          )}
        />
      </span>
      <span aria-hidden className="text-xs leading-none font-bold text-slate-700 uppercase">
        {checked ? <Trans>On</Trans> : <Trans>Off</Trans>}
      </span>
    </button>
  );
}
