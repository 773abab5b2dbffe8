import type { FieldValues, Resolver } from 'react-hook-form';

type FormName = keyof typeof import('./form-resolvers')['resolvers'];

/**
 * A react-hook-form resolver that downloads zod and the domain schemas on first use, keeping them
 * out of the first page load (docs/decisions/0018-web-bundle-budget.md). Every form but the
 * login page's validates through it (decision 0019). Values reach the submit handler parsed by
 * the schema (trimmed, lower-cased e-mails, upper-cased school codes, ISO dates): `Parsed` when
 * that changes their type.
 */
export function lazyResolver<T extends FieldValues, Parsed = T>(
  name: FormName,
): Resolver<T, unknown, Parsed> {
  return async (values, context, options) => {
    const { resolvers } = await import('./form-resolvers');
    const resolver = resolvers[name] as unknown as Resolver<T, unknown, Parsed>;
    return resolver(values, context, options);
  };
}

/** Starts the download early, e.g. when a form first gets focus. */
export function preloadResolvers(): void {
  void import('./form-resolvers');
}

export type FieldErrorTexts<T> = Partial<Record<keyof T & string, string>>;

/**
 * Validates values with a form's schema outside react-hook-form, for the login page only: its
 * first load must stay small, and react-hook-form would add ≈ 12 kB gzip to it (decision 0019).
 * Same schema and messages as `lazyResolver`; gives the parsed values or the first message per
 * field.
 */
export async function validateLazily<T extends FieldValues>(
  name: FormName,
  values: T,
): Promise<{ values: T; errors: null } | { values: null; errors: FieldErrorTexts<T> }> {
  const result = await lazyResolver<T>(name)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const entries = Object.entries(result.errors);
  if (entries.length === 0) return { values: result.values as T, errors: null };
  const errors: FieldErrorTexts<T> = {};
  for (const [field, error] of entries) {
    const message = (error as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') errors[field as keyof T & string] = message;
  }
  return { values: null, errors };
}
