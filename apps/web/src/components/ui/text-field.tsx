import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/platform/cn';
import { FieldMessage, fieldMessageId } from './field-message';

interface TextFieldProps extends ComponentProps<'input'> {
  label: ReactNode;
  error?: string;
  /** Help text under the field, linked with aria-describedby. */
  hint?: ReactNode;
}

/** The border is slate-500 (4.8:1 on white): a field's outline is what shows it (WCAG 1.4.11). */
export const inputClasses =
  'min-h-11 w-full rounded-xl border-2 border-slate-500 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-accent aria-invalid:border-danger';

export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint && hintId, error && fieldMessageId(inputId)].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-semibold text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        // A read-only field (an invitation's e-mail) looks set, not editable.
        className={cn(inputClasses, props.readOnly && 'bg-slate-100!')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldMessage inputId={inputId} message={error} />
    </div>
  );
}
