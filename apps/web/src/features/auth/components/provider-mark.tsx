import type { SignInProvider, SignInProviderId } from '@wellbank/domain';

/**
 * A provider's mark beside its button: a letter badge drawn here, not the provider's logo, so the
 * login page loads nothing from another site and copies no trademark. The button's text names it.
 */
const BADGES: Record<Exclude<SignInProviderId, 'oidc'>, { letters: string; classes: string }> = {
  google: { letters: 'G', classes: 'bg-blue-700' },
  microsoft: { letters: 'M', classes: 'bg-slate-700' },
  clever: { letters: 'C', classes: 'bg-indigo-700' },
  classlink: { letters: 'CL', classes: 'bg-sky-800' },
};

const badge =
  'inline-flex size-7 shrink-0 items-center justify-center rounded-lg text-sm font-extrabold text-white';

/** The generic provider's badge is its name's first letter ("D" for "Demo District"). */
export function ProviderMark({ id, name }: SignInProvider) {
  const { letters, classes } =
    id === 'oidc'
      ? { letters: name.trim().charAt(0).toUpperCase(), classes: 'bg-accent-strong' }
      : BADGES[id];
  return (
    <span aria-hidden className={`${badge} ${classes}`}>
      {letters}
    </span>
  );
}
