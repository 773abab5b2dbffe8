import { Trans } from '@lingui/react/macro';
import { PolicyLink } from '@/components/policy-links';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { errorText } from '@/lib/platform/api-client';
import { useAgreeToPolicies } from '../api/agree-to-policies';

/** The prompt's card: agreeing stores a new consent record and the prompt goes away. */
export function PolicyConsentCard({ userId }: { userId: number }) {
  const agree = useAgreeToPolicies(userId);

  return (
    <Card aria-labelledby="policy-update-title" className="flex flex-col gap-3 ring-2 ring-accent">
      <h2 id="policy-update-title" className="text-lg font-bold">
        <Trans>We updated our policies</Trans>
      </h2>
      <p className="text-slate-800">
        <Trans>
          Please read the updated <PolicyLink slug="privacy">privacy policy</PolicyLink>,{' '}
          <PolicyLink slug="terms">terms of use</PolicyLink> and{' '}
          <PolicyLink slug="code-of-conduct">code of conduct</PolicyLink>.
        </Trans>
      </p>
      {agree.isError && <ErrorBox messages={[errorText(agree.error)]} />}
      <Button onClick={() => agree.mutate()} disabled={agree.isPending}>
        <Trans>I agree to the updated privacy policy</Trans>
      </Button>
    </Card>
  );
}
