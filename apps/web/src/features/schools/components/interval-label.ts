import { useLingui } from '@lingui/react/macro';
import { type IntervalDates, isoToUsDate } from '@wellbank/domain';

/**
 * "12/01/2026 to 12/31/2026" in the reader's language (the domain's intervalLabel, which the
 * server's activity log keeps in English). Dates stay mm/dd/yyyy, as the form takes them.
 */
export function useIntervalLabel() {
  const { t } = useLingui();
  return (interval: IntervalDates) => {
    const start = isoToUsDate(interval.start_date);
    const end = isoToUsDate(interval.end_date);
    return t`${start} to ${end}`;
  };
}
