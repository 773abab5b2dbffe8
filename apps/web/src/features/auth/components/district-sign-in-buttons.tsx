import { Trans } from '@lingui/react/macro';
import { useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { RETURN_PARAM, safeReturnPath } from '@/lib/platform/return-path';
import { providerStartPath, useLoginProviders } from '../api/sign-in-providers';
import { ProviderMark } from './provider-mark';

/**
 * "Sign in with Google", "… Microsoft", "… {name}": one per provider the deployment configured
 * (decision 0050), nothing when there is none. Plain links: the sign-in starts with a browser
 * navigation to the API, which sends the browser on to the provider. They carry the login page's
 * `next` (decision 0037), for the sign-in to return to.
 */
export function DistrictSignInButtons() {
  const providers = useLoginProviders();
  const next = safeReturnPath(new URLSearchParams(useLocation().search).get(RETURN_PARAM));
  if (providers.length === 0) return null;
  return (
    <section aria-labelledby="district-sign-in-title" className="mt-6 flex flex-col gap-3">
      <h2
        id="district-sign-in-title"
        className="flex items-center gap-3 text-sm font-semibold text-slate-700 before:h-px before:flex-1 before:bg-slate-300 after:h-px after:flex-1 after:bg-slate-300"
      >
        <Trans>Or use your school account</Trans>
      </h2>
      {providers.map(({ id, name }) => (
        <a
          key={id}
          href={providerStartPath(id, next)}
          className={buttonClasses('secondary', 'justify-start border-slate-300 text-slate-900')}
        >
          <ProviderMark id={id} name={name} />
          <Trans>Sign in with {name}</Trans>
        </a>
      ))}
    </section>
  );
}
