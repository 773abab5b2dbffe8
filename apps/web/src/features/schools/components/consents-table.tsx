import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ConsentKind, type ConsentRecord, DEFAULT_TIME_ZONE } from '@wellbank/domain';
import { useRowFocus } from '@/components/show-more';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';
import { useFormats } from '@/i18n/formats';
import { useSchoolTimeZone } from '@/lib/day/school-day';

const KIND_LABELS: Record<ConsentKind, MessageDescriptor> = {
  parental_consent: msg`Parental consent for students under 13`,
  policies: msg`Privacy policy, terms and code of conduct`,
  stress_check_in_on: msg`Stress check-in turned on for the school`,
  stress_check_in_off: msg`Stress check-in turned off for the school`,
  stress_opt_out: msg`Student opted out of the stress check-in`,
  stress_opt_in: msg`Student opted back in to the stress check-in`,
};

/**
 * One row per agreement: when (the school's day, then the time in the school's zone with the zone
 * named: docs/rules.md "Dates"), who, and what (with the text version and the address).
 */
export function ConsentsTable(props: { records: ConsentRecord[]; focusRow: number | undefined }) {
  const { t, i18n } = useLingui();
  const { dateFormat, formatSchoolDay } = useFormats();
  const focusProps = useRowFocus(props.focusRow);
  const timeZone = useSchoolTimeZone().data ?? DEFAULT_TIME_ZONE;
  const time = dateFormat({ timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  return (
    <DataTable scrollLabel={t`Consent record`}>
      <caption className="sr-only">
        <Trans>Consent record, newest first</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col" className={thClasses}>
            <Trans>When</Trans>
          </th>
          <th scope="col" className={thClasses}>
            <Trans>Who</Trans>
          </th>
          <th scope="col" className={thClasses}>
            <Trans>Agreed to</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.records.map((record, index) => {
          const agreedAt = new Date(record.agreed_at);
          const version = record.text_version;
          const address = <span className="break-all">{record.client_address}</span>;
          return (
            <tr key={record.id}>
              <td className={`${tdClasses} whitespace-nowrap`} {...focusProps(index)}>
                {formatSchoolDay(agreedAt, timeZone)}
                <span className="block text-xs text-slate-600">{time.format(agreedAt)}</span>
              </td>
              <td className={tdClasses}>
                {record.person_name}
                {record.user_id === null && (
                  <span className="block text-xs text-slate-600">
                    <Trans>account deleted</Trans>
                  </span>
                )}
              </td>
              <td className={tdClasses}>
                {i18n._(KIND_LABELS[record.kind])}
                {record.student_name !== null && (
                  <span className="block">{record.student_name}</span>
                )}
                <span className="block text-xs text-slate-600">
                  <Trans>
                    version {version} · from {address}
                  </Trans>
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
