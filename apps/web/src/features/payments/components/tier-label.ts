import { useLingui } from '@lingui/react/macro';
import type { SubscriptionTier } from '@wellbank/domain';
import { useFormats } from '@/i18n/formats';

/** "1–100 students", "2,001–5,000 students", in the reader's language. */
export function useTierLabel(): (tier: SubscriptionTier) => string {
  const { formatCount } = useFormats();
  const { t } = useLingui();
  return (tier) => {
    const min = formatCount(tier.min_students);
    const max = formatCount(tier.max_students);
    return t`${min}–${max} students`;
  };
}
