import { useLingui } from '@lingui/react/macro';
import type { IntervalDates } from '@wellbank/domain';
import { useFormats } from '@/i18n/formats';

/**
 * "12/01/2026 to 12/31/2026" in the reader's language (the domain's intervalLabel, which the
 * server's activity log keeps in English). Dates as the form takes them (mm/dd/yyyy, dd/mm/aaaa).
 */
export function useIntervalLabel() {
  const { isoToLocalDate } = useFormats();
  const { t } = useLingui();
  return (interval: IntervalDates) => {
    const start = isoToLocalDate(interval.start_date);
    const end = isoToLocalDate(interval.end_date);
    return t`${start} to ${end}`;
  };
}
