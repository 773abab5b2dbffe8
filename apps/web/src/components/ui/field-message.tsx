import { useLingui } from '@lingui/react';
import { domainText } from '@/i18n/domain-text';

export function fieldMessageId(inputId: string): string {
  return `${inputId}-error`;
}

/**
 * A field's validation message, announced and linked to its input with aria-describedby. The
 * message is a domain text in English (a schema's, "First name is required"): the one place it
 * is shown in the active language (decision 0034).
 */
export function FieldMessage({ inputId, message }: { inputId: string; message?: string }) {
  const { i18n } = useLingui();
  if (!message) return null;
  return (
    <p id={fieldMessageId(inputId)} role="alert" className="text-sm font-medium text-danger">
      {domainText(i18n, message)}
    </p>
  );
}
