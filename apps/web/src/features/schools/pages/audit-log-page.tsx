import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ShowMore } from '@/components/show-more';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { useFormats } from '@/i18n/formats';
import { useSchoolTimeZone } from '@/lib/day/school-day';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { useAuditLog } from '../api/audit-log';
import { AuditLogList } from '../components/audit-log-list';

/** Issue 13 §7: the school's activity log for its coordinators, 100 entries at a time. */
export function AuditLogPage() {
  const { formatCount } = useFormats();
  const { t } = useLingui();
  const schoolId = useSession()?.school.id ?? 0;
  const log = useAuditLog(schoolId);
  const timeZone = useSchoolTimeZone();
  const [focusRow, setFocusRow] = useState<number>();
  const entries = log.data?.pages.flatMap((page) => page.people) ?? [];
  const total = log.data?.pages[0]?.total ?? entries.length;
  const showingEntries = (count: number, all: number) => {
    const shown = formatCount(count);
    const total = formatCount(all);
    return t`Showing ${shown} of ${plural(all, { one: `${total} entry`, other: `${total} entries` })}`;
  };

  return (
    <Card aria-labelledby="audit-title" className="flex flex-col gap-4">
      <h1 id="audit-title" className="text-2xl font-bold">
        <Trans>Activity log</Trans>
      </h1>
      <p className="text-slate-700">
        <Trans>
          Who did what in your school, newest first: sign-ins, role changes, intervals, payments and
          every time staff looked at students' data. Entries cannot be changed or deleted.
        </Trans>
      </p>
      {log.isPending && <Spinner label={t`Loading the activity log...`} />}
      {log.isError && <ErrorBox messages={[errorText(log.error)]} />}
      {entries.length === 0 && log.isSuccess && (
        <p className="text-slate-700">
          <Trans>Nothing has been recorded yet.</Trans>
        </p>
      )}
      {entries.length > 0 && (
        <>
          <AuditLogList entries={entries} timeZone={timeZone.data} focusRow={focusRow} />
          <ShowMore
            query={log}
            shown={entries.length}
            status={showingEntries(entries.length, total)}
            onShown={setFocusRow}
          />
        </>
      )}
    </Card>
  );
}
