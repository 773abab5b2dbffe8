import type { ConsentKind, ConsentRecord } from '@wellbank/domain';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';
import { useRowFocus } from './show-more';

const KIND_LABELS: Record<ConsentKind, string> = {
  parental_consent: 'Parental consent for students under 13',
  policies: 'Privacy policy, terms and code of conduct',
};

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** One row per agreement: when, who, and what (with the text version and the address). */
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
        </tr>
      </thead>
      <tbody>
        {props.records.map((record, index) => {
          const agreedAt = new Date(record.agreed_at);
          return (
            <tr key={record.id}>
              <td className={`${tdClasses} whitespace-nowrap`} {...focusProps(index)}>
                {day.format(agreedAt)}
                <span className="block text-xs text-slate-600">{time.format(agreedAt)}</span>
              </td>
              <td className={tdClasses}>
                {record.person_name}
                {record.user_id === null && (
                  <span className="block text-xs text-slate-600">account deleted</span>
                )}
              </td>
              <td className={tdClasses}>
                {KIND_LABELS[record.kind]}
                <span className="block text-xs text-slate-600">
                  version {record.text_version} · from{' '}
                  <span className="break-all">{record.client_address}</span>
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
