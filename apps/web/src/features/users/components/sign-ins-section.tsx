import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionRecord } from '@wellbank/domain';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { providerName, useSignInProviders } from '@/lib/platform/sign-in-providers';
import { useLinkedSignIns, useLinkSignIn, useUnlinkSignIn } from '../api/sign-ins';
import { ProfileSection } from './profile-section';

/**
 * /profile "Sign-in methods" (issue 33): the district accounts linked to this one, each with
 * "Unlink", and a "Link {provider}" button for each configured provider not linked yet.
 */
export function SignInsSection({ user }: { user: SessionRecord }) {
  const { t } = useLingui();
  const { isoToLocalDate } = useFormats();
  const linked = useLinkedSignIns(user.id);
  // Without a configured provider (or its list) there is nothing to link; the links still show.
  const providerList = useSignInProviders();
  const providers = providerList.data ?? [];
  const unlink = useUnlinkSignIn(user.id);
  const link = useLinkSignIn();
  const signIns = linked.data?.sign_ins ?? [];
  const unlinked = providers.filter(({ id }) => !signIns.some((s) => s.provider === id));
  const nothingToShow = linked.isSuccess && signIns.length === 0 && providers.length === 0;
  if (nothingToShow && !providerList.isPending) return null;

  return (
    <ProfileSection title={t`Sign-in methods`}>
      {(linked.isPending || providerList.isPending) && (
        <Spinner label={t`Loading sign-in methods...`} />
      )}
      {linked.isError && <ErrorBox messages={[errorText(linked.error)]} />}
      {linked.isSuccess && signIns.length === 0 && (
        <p className="text-slate-700">
          <Trans>
            No district account is linked. Link one to sign in with it instead of your password.
          </Trans>
        </p>
      )}
      {signIns.length > 0 && !providerList.isPending && (
        <ul className="flex flex-col gap-2">
          {signIns.map((signIn) => {
            const name = providerName(signIn.provider, providers);
            const since = isoToLocalDate(signIn.created_on);
            return (
              <li
                key={signIn.provider}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border-2 border-slate-200 p-3"
              >
                <div className="flex min-w-0 flex-col">
                  <span className="font-semibold">{name}</span>
                  {signIn.email && <span className="break-all text-slate-700">{signIn.email}</span>}
                  <span className="text-sm text-slate-600">
                    <Trans>Linked since {since}</Trans>
                  </span>
                </div>
                <Button
                  variant="secondary"
                  disabled={unlink.isPending}
                  aria-label={t`Unlink ${name}`}
                  onClick={() => unlink.mutate(signIn.provider)}
                >
                  <Trans>Unlink</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {unlink.isError && <ErrorBox messages={[errorText(unlink.error)]} />}
      {unlinked.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {unlinked.map(({ id, name }) => (
            <Button
              key={id}
              variant="secondary"
              disabled={link.isPending}
              onClick={() => link.mutate(id)}
            >
              <Trans>Link {name}</Trans>
            </Button>
          ))}
        </div>
      )}
      {link.isError && <ErrorBox messages={[errorText(link.error)]} />}
    </ProfileSection>
  );
}
