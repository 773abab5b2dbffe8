import { lazy, Suspense } from 'react';
import { usePolicyConsent } from '../api/policy-consent';

// Seldom shown: its texts, links and buttons load only when it is (decision 0028).
const PolicyConsentCard = lazy(async () => ({
  default: (await import('./policy-consent-card')).PolicyConsentCard,
}));

/**
 * Shown above every signed-in page while the policies have a version the user has not agreed to
 * (decision 0024).
 */
export function PolicyConsentPrompt({ userId }: { userId: number }) {
  const consent = usePolicyConsent(userId);
  if (!consent.data?.due) return null;
  return (
    <Suspense fallback={null}>
      <PolicyConsentCard userId={userId} />
    </Suspense>
  );
}
