import type { ConsentKind, ConsentRecord } from '@wellbank/domain';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';
import { useRowFocus } from './show-more';

const KIND_LABELS: Record<ConsentKind, string> = {
  parental_consent: 'Parental consent for students under 13',
  policies: 'Privacy policy, terms of use and code of conduct',
};

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One row per agreement: when, who, what, which version, from where. */
export function ConsentsTable(props: { records: ConsentRecord[]; focusRow: number | undefined }) {
  const focusProps = useRowFocus(props.focusRow);
  return (
    <DataTable scrollLabel="Consent record">
      <caption className="sr-only">Consent record, newest first</caption>
      <thead>
        <tr>
          <th scope="col" className={thClasses}>
            When
          </th>
          <th scope="col" className={thClasses}>
            Who
          </th>
          <th scope="col" className={thClasses}>
            Agreed to
          </th>
          <th scope="col" className={thClasses}>
            Version
          </th>
          <th scope="col" className={thClasses}>
            Address
          </th>
        </tr>
      </thead>
      <tbody>
        {props.records.map((record, index) => (
          <tr key={record.id}>
            <td className={`${tdClasses} whitespace-nowrap`} {...focusProps(index)}>
              {when.format(new Date(record.agreed_at))}
            </td>
            <td className={tdClasses}>
              {record.person_name}
              {record.user_id === null && (
                <span className="block text-xs text-slate-600">account deleted</span>
              )}
            </td>
            <td className={tdClasses}>{KIND_LABELS[record.kind]}</td>
            <td className={`${tdClasses} whitespace-nowrap tabular-nums`}>{record.text_version}</td>
            <td className={`${tdClasses} break-all`}>{record.client_address}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
