import { useLingui } from '@lingui/react';
export function fieldMessageId(inputId: string): string {
  return `${inputId}-error`;
}

/** A field's validation message, announced and linked to its input with aria-describedby. */
export function FieldMessage({ inputId, message }: { inputId: string; message?: string }) {
  // A validation message is a domain text, its English the catalog id (decision 0033).
  const { i18n } = useLingui();
  if (!message) return null;
  return (
    <p id={fieldMessageId(inputId)} role="alert" className="text-sm font-medium text-danger">
      {i18n._(message)}
    </p>
  );
}
