import { CONSENT_STATEMENTS } from '@wellbank/domain';
import { linkPolicies } from '@/components/policy-links';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { errorText } from '@/lib/api-client';
import { useAgreeToPolicies, usePolicyConsent } from '../api/policy-consent';

/**
 * Shown above every signed-in page while the policies have a version the user has not agreed to
 * (decision 0024); agreeing stores a new consent record and the prompt goes away.
 */
export function PolicyConsentPrompt({ userId }: { userId: number }) {
  const consent = usePolicyConsent(userId);
  const agree = useAgreeToPolicies(userId);
  if (!consent.data?.due) return null;

  return (
    <Card aria-labelledby="policy-update-title" className="flex flex-col gap-3 ring-2 ring-accent">
      <h2 id="policy-update-title" className="text-lg font-bold">
        We updated our policies
      </h2>
      <p className="text-slate-800">
        Please read the updated{' '}
        {linkPolicies(CONSENT_STATEMENTS.policies.replace('I agree to the ', ''))}.
      </p>
      {agree.isError && <ErrorBox messages={[errorText(agree.error)]} />}
      <Button onClick={() => agree.mutate()} disabled={agree.isPending}>
        I agree to the updated privacy policy
      </Button>
    </Card>
  );
}
