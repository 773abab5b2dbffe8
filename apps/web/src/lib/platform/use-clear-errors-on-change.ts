import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** SPEC.md §5: changing any form field clears earlier errors, the form's and the server's. */
export function useClearErrorsOnChange<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  clearServerError: () => void,
): void {
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      if (type !== 'change') return;
      form.clearErrors();
      clearServerError();
    });
    return () => subscription.unsubscribe();
  }, [form, clearServerError]);
}
