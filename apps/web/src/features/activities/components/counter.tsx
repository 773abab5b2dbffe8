import { Minus, Plus } from 'lucide-react';

interface CounterProps {
  label: string;
  value: number;
  step: number;
  max: number;
  /** How the value reads, e.g. "9:00" for minutes. */
  format: (value: number) => string;
  /** What the step means when read out, e.g. "30 minutes". */
  stepLabel: string;
  onChange: (value: number) => void;
}

const buttonClasses =
  'grid size-12 shrink-0 place-items-center rounded-full bg-accent text-white shadow-sm hover:bg-accent-strong active:bg-accent-strong aria-disabled:cursor-not-allowed aria-disabled:bg-slate-300 aria-disabled:text-slate-700 aria-disabled:shadow-none';

/**
 * A stepper (SPEC.md §9): never below 0 (a step that would go below is refused), never above the
 * property's limit. The page announces each new value in its live region.
 */
export function Counter({ label, value, step, max, format, stepLabel, onChange }: CounterProps) {
  // aria-disabled, not disabled: a button that stops at 0 keeps the keyboard focus.
  const canRemove = value - step >= 0;
  const canAdd = value + step <= max;
  return (
    <fieldset className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-900/5">
      <legend className="sr-only">{label}</legend>
      <span aria-hidden className="flex-1 font-semibold text-slate-800">
        {label}
      </span>
      <button
        type="button"
        aria-label={`Remove ${stepLabel} from ${label}`}
        aria-disabled={!canRemove}
        onClick={() => canRemove && onChange(value - step)}
        className={buttonClasses}
      >
        <Minus aria-hidden className="size-6" />
      </button>
      {/* Not an <output>: that is a live region too, and the page already announces each change. */}
      <span
        data-testid={`value-${label}`}
        className="w-16 text-center text-2xl font-extrabold tabular-nums"
      >
        {format(value)}
      </span>
      <button
        type="button"
        aria-label={`Add ${stepLabel} to ${label}`}
        aria-disabled={!canAdd}
        onClick={() => canAdd && onChange(value + step)}
        className={buttonClasses}
      >
        <Plus aria-hidden className="size-6" />
      </button>
    </fieldset>
  );
}
