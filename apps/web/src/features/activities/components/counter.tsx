import { Trans, useLingui } from '@lingui/react/macro';
import { type LucideIcon, Minus, Plus } from 'lucide-react';
import { type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { startHold, typedValue } from './counter-input';

export type ChangeSource = 'step' | 'typed';

interface CounterProps {
  label: string;
  /** The counter's picture, before its words (issue 34 §5). */
  icon: LucideIcon;
  value: number;
  step: number;
  max: number;
  /** Minutes typed and shown as h:mm beside the label; counts are typed as they are. */
  duration: boolean;
  /** How the value reads, e.g. "9:00" for minutes. */
  format: (value: number) => string;
  /** What the step means when read out, e.g. "30 minutes". */
  stepLabel: string;
  onChange: (value: number, source: ChangeSource) => void;
}

const buttonClasses =
  'grid size-12 shrink-0 touch-manipulation select-none place-items-center rounded-full bg-accent text-white shadow-sm hover:bg-accent-strong active:bg-accent-strong aria-disabled:cursor-not-allowed aria-disabled:bg-slate-300 aria-disabled:text-slate-700 aria-disabled:shadow-none';

/**
 * A stepper (SPEC.md §9): never below 0 (a step that would go below is refused), never above the
 * property's limit. The value can be typed (clamped to the limits) and a held button repeats,
 * faster and faster (issue #14). A press steps on pointer down, so the click that follows it is
 * ignored; a keyboard's Enter or Space (a click without a pointer) steps once. The page announces
 * each step in its live region; a typed value is read back by the field itself.
 */
export function Counter(props: CounterProps) {
  const { label, icon: Icon, value, step, max, duration, format, stepLabel, onChange } = props;
  const { t } = useLingui();
  const shown = format(value);
  const inputId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const stopHold = useRef<(() => void) | null>(null);
  useEffect(() => () => stopHold.current?.(), []);

  // aria-disabled, not disabled: a button that stops at 0 keeps the keyboard focus.
  const canRemove = value - step >= 0;
  const canAdd = value + step <= max;

  /** One step from the latest value; false at a limit, which ends a hold. */
  const stepBy = (delta: number) => () => {
    const next = latest.current.value + delta;
    if (next < 0 || next > max) return false;
    latest.current.value = next;
    setDraft(null);
    latest.current.onChange(next, 'step');
    return true;
  };

  const stop = () => {
    stopHold.current?.();
    stopHold.current = null;
  };

  const holdHandlers = (delta: number) => ({
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button !== 0) return;
      stop();
      stopHold.current = startHold(stepBy(delta));
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onBlur: stop,
    onContextMenu: (event: { preventDefault: () => void }) => event.preventDefault(),
    // detail 0: Enter, Space or an assistive technology, with no pointer press before it.
    onClick: (event: { detail: number }) => {
      if (event.detail === 0) stepBy(delta)();
    },
  });

  const type = (text: string) => {
    setDraft(text);
    const typed = typedValue(text, max);
    if (typed !== undefined && typed !== value) onChange(typed, 'typed');
  };

  return (
    // A fieldset is as wide as its content by default; min-w-0 and the wrap let the buttons go
    // under the name on a narrow screen (320 px, WCAG 1.4.10) instead of past the edge, together.
    <fieldset className="flex min-w-0 flex-wrap items-center gap-2 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-900/5">
      <legend className="sr-only">{label}</legend>
      <Icon aria-hidden className="size-8 shrink-0 text-accent-strong" />
      <label
        htmlFor={inputId}
        className="flex min-w-20 flex-1 flex-col font-semibold text-slate-800"
      >
        <span>{label}</span>
        {duration && (
          <span className="text-sm font-medium text-slate-600">
            <Trans>
              <span data-testid={`value-${label}`}>{shown}</span> h:mm
            </Trans>
          </span>
        )}
      </label>
      {/* The buttons and the value wrap as one row: under the name when it leaves no room. */}
      <span className="ms-auto flex items-center gap-2">
        <button
          type="button"
          aria-label={t`Remove ${stepLabel} from ${label}`}
          aria-disabled={!canRemove}
          className={buttonClasses}
          {...holdHandlers(-step)}
        >
          <Minus aria-hidden className="size-6" />
        </button>
        <span className="flex flex-col items-center">
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={0}
            max={max}
            step={1}
            aria-label={duration ? t`${label} in minutes` : label}
            data-testid={duration ? undefined : `value-${label}`}
            value={draft ?? String(value)}
            onChange={(event) => type(event.target.value)}
            onFocus={(event) => event.target.select()}
            onBlur={() => setDraft(null)}
            className="h-12 w-18 rounded-xl border-2 border-slate-500 bg-white text-center text-2xl font-extrabold tabular-nums [appearance:textfield] focus:border-accent-strong [&::-webkit-inner-spin-button]:appearance-none"
          />
          {duration && (
            <span aria-hidden className="text-xs font-semibold text-slate-600">
              <Trans>min</Trans>
            </span>
          )}
        </span>
        <button
          type="button"
          aria-label={t`Add ${stepLabel} to ${label}`}
          aria-disabled={!canAdd}
          className={buttonClasses}
          {...holdHandlers(step)}
        >
          <Plus aria-hidden className="size-6" />
        </button>
      </span>
    </fieldset>
  );
}
