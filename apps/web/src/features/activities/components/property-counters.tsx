import { useLingui } from '@lingui/react/macro';
import {
  type ActivityType,
  counterStep,
  formatDuration,
  isDurationKey,
  PROPERTY_KEYS,
  propertyMax,
} from '@wellbank/domain';
import type { PropertyValues } from '@/lib/day/activities';
import { propertyLabel } from '@/lib/day/activity-labels';
import { propertyIcon } from '@/lib/day/property-icons';
import { type ChangeSource, Counter } from './counter';

export function formatValue(key: string, value: number): string {
  return isDurationKey(key) ? formatDuration(value) : String(value);
}

/**
 * A category's counters, one a property, the piggy bank apart: the entry page's and the class
 * check-in's (decision 0085).
 */
export function PropertyCounters({
  type,
  values,
  onChange,
}: {
  type: Exclude<ActivityType, 'stress'>;
  values: PropertyValues;
  onChange: (key: string, value: number, source: ChangeSource) => void;
}) {
  const { t, i18n } = useLingui();
  return PROPERTY_KEYS[type]
    .filter((key) => key !== 'piggy_bank')
    .map((key) => {
      const step = counterStep(type, key);
      return (
        <Counter
          key={key}
          label={propertyLabel(i18n, type, key)}
          icon={propertyIcon(type, key)}
          value={values[key] ?? 0}
          step={step}
          stepLabel={isDurationKey(key) ? t`${step} minutes` : String(step)}
          max={propertyMax(type, key)}
          duration={isDurationKey(key)}
          format={(value) => formatValue(key, value)}
          onChange={(value, source) => onChange(key, value, source)}
        />
      );
    });
}
