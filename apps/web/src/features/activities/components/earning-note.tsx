import { useLingui } from '@lingui/react/macro';
import {
  type ActivityType,
  categoryMaxCents,
  fitnessEarning,
  sleepEarning,
} from '@wellbank/domain';
import { useFormats } from '@/i18n/formats';

/**
 * What an entry page says can be earned (issue 17), with the amounts of the domain's rules: sleep
 * says what actually pays, and physical activity says why its heading can pass the $4 goal.
 */
export function EarningNote({
  type,
  yesterday,
}: {
  type: Exclude<ActivityType, 'stress'>;
  yesterday: boolean;
}) {
  const { formatCents } = useFormats();
  const { t } = useLingui();
  let text: string;
  if (type === 'sleep') {
    const rule = sleepEarning();
    const perStep = formatCents(rule.centsPerStep);
    const max = formatCents(rule.maxCents);
    const hours = rule.fullMinutes / 60;
    text = t`Your first hour of sleep earns nothing. After that, every half hour earns ${perStep}, up to ${max} at ${hours} hours.`;
  } else if (type === 'fitness') {
    const rule = fitnessEarning();
    const goal = formatCents(rule.goalCents);
    const max = formatCents(rule.maxCents);
    text = t`The goal is ${goal} a day. More exercise or a saved workout can bring it up to ${max}.`;
  } else {
    const max = formatCents(categoryMaxCents(type));
    text = yesterday ? t`Earn up to ${max} for yesterday.` : t`Earn up to ${max} today.`;
  }
  return (
    <p className="text-sm font-semibold text-slate-600" data-testid="earning-note">
      {text}
    </p>
  );
}
