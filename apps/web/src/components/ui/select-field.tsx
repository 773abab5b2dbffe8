import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/platform/cn';
import { FieldMessage, fieldMessageId } from './field-message';
import { inputClasses } from './text-field';

interface SelectFieldProps extends ComponentProps<'select'> {
  label: ReactNode;
  error?: string;
  options: readonly { label: string; value: string }[];
}

export function SelectField({ label, error, options, id, className, ...props }: SelectFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-semibold text-slate-700">
        {label}
      </label>
      <select
        id={inputId}
        className={inputClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldMessageId(inputId) : undefined}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage inputId={inputId} message={error} />
    </div>
  );
}
