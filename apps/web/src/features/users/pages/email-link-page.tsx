import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { domainText } from '@/i18n/domain-text';
import { errorText } from '@/lib/platform/api-client';
import { useFollowEmailLink } from '../api/email-links';

const linkClasses =
  'inline-flex min-h-11 items-center rounded-lg font-semibold text-accent-strong underline underline-offset-4';

/**
 * The page of a mailed e-mail link (decision 0044): `confirm` makes an address the account's,
 * `undo` (mailed to the old address) puts it back. It works signed in or not; a GET never acts
 * (mail scanners follow links), the button does.
 */
function EmailLinkPage({ kind }: { kind: 'confirm' | 'undo' }) {
  const { i18n, t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const follow = useFollowEmailLink();
  const title = kind === 'confirm' ? t`Confirm your email address` : t`Undo the email change`;

  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center p-4">
      <Card aria-labelledby="email-link-title" className="flex flex-col gap-4">
        <h1 id="email-link-title" className="text-2xl font-bold">
          {title}
        </h1>
        {follow.isSuccess ? (
          <>
            <StatusMessage>{domainText(i18n, follow.data.message)}</StatusMessage>
            <p className="flex gap-4">
              <Link className={linkClasses} to="/login">
                <Trans>Go to Wellbank</Trans>
              </Link>
              {kind === 'undo' && (
                <Link className={linkClasses} to="/forgot-password">
                  <Trans>Choose a new password</Trans>
                </Link>
              )}
            </p>
          </>
        ) : (
          <>
            <p className="text-slate-700">
              {kind === 'confirm' ? (
                <Trans>Confirm that this address is yours: from then on you sign in with it.</Trans>
              ) : (
                <Trans>
                  Put your old address back and sign everyone out of your account, including whoever
                  asked for the change.
                </Trans>
              )}
            </p>
            {follow.isError && <ErrorBox messages={[errorText(follow.error)]} />}
            <Button
              type="button"
              className="self-start"
              disabled={follow.isPending || !token}
              onClick={() => follow.mutate(token)}
            >
              {kind === 'confirm' ? (
                <Trans>Confirm my address</Trans>
              ) : (
                <Trans>Undo the change</Trans>
              )}
            </Button>
          </>
        )}
      </Card>
    </main>
  );
}

export function ConfirmEmailPage() {
  return <EmailLinkPage kind="confirm" />;
}

export function UndoEmailChangePage() {
  return <EmailLinkPage kind="undo" />;
}
