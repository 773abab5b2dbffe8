export function fieldMessageId(inputId: string): string {
  return `${inputId}-error`;
}

/** A field's validation message, announced and linked to its input with aria-describedby. */
export function FieldMessage({ inputId, message }: { inputId: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={fieldMessageId(inputId)} role="alert" className="text-sm font-medium text-danger">
      {message}
    </p>
  );
}
