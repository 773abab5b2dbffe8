import { type ComponentProps, type ReactNode, useId } from 'react';
import { FieldMessage, fieldMessageId } from './field-message';

interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  error?: string;
}

export function CheckboxField({ label, error, id, ...props }: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className="flex flex-col gap-1">
      <label
        htmlFor={inputId}
        className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl py-2 text-sm text-slate-800"
      >
        <input
          id={inputId}
          type="checkbox"
          className="mt-0.5 size-6 shrink-0 cursor-pointer accent-accent"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldMessageId(inputId) : undefined}
          {...props}
        />
        <span>{label}</span>
      </label>
      <FieldMessage inputId={inputId} message={error} />
    </div>
  );
}
