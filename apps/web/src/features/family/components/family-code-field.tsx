import { Trans } from '@lingui/react/macro';
import type { ChangeEvent } from 'react';
import { TextField } from '@/components/ui/text-field';

/** The family code as a parent types it, or as the letter's QR link brought it. */
export function FamilyCodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
}) {
  return (
    <TextField
      label={<Trans>Family code</Trans>}
      hint={<Trans>10 letters and digits, from the family letter or the child’s profile.</Trans>}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      value={value}
      {...(error ? { error } : {})}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
    />
  );
}
