import { useLingui } from '@lingui/react/macro';
import { type AuditEntry, describeAuditEntry } from '@wellbank/domain';
import { useRowFocus } from '@/components/show-more';
import { domainSpeaker } from '@/i18n/domain-speaker';
import { useFormats } from '@/i18n/formats';

interface AuditLogListProps {
  entries: AuditEntry[];
  /** The school's; until it is known, times show in UTC. */
  timeZone: string | undefined;
  /** The first entry "Show more" added, to move focus to. */
  focusRow: number | undefined;
}

/** One line a person can read on a phone per entry: who did what, then when and from where. */
export function AuditLogList({ entries, timeZone, focusRow }: AuditLogListProps) {
  const { formatDateTime } = useFormats();
  const { t, i18n } = useLingui();
  const speaker = domainSpeaker(i18n);
  const focusProps = useRowFocus<HTMLLIElement>(focusRow);
  return (
    <ol aria-label={t`Activity, newest first`} className="flex flex-col divide-y divide-slate-200">
      {entries.map((entry, index) => {
        const address = entry.client_address;
        return (
          <li key={entry.id} className="flex flex-col gap-1 py-3" {...focusProps(index)}>
            <p className="font-medium text-slate-900">{describeAuditEntry(entry, speaker)}</p>
            <p className="text-sm text-slate-700">
              <time dateTime={entry.at}>
                {formatDateTime(new Date(entry.at), timeZone ?? 'UTC')}
              </time>
              {' · '}
              {address ? t`from ${address}` : t`no client address`}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
