import { CONSENT_STATEMENTS } from '@wellbank/domain';
import { linkPolicies } from '@/components/policy-links';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { errorText } from '@/lib/api-client';
import { useAgreeToPolicies } from '../api/agree-to-policies';

/** The prompt's card: agreeing stores a new consent record and the prompt goes away. */
export function PolicyConsentCard({ userId }: { userId: number }) {
  const agree = useAgreeToPolicies(userId);

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
