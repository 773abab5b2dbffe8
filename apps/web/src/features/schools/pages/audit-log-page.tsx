import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useAuditLog, useSchoolTimeZone } from '../api/audit-log';
import { AuditLogList } from '../components/audit-log-list';
import { ShowMore } from '../components/show-more';

/** Issue 13 §7: the school's activity log for its coordinators, 100 entries at a time. */
export function AuditLogPage() {
  const schoolId = useSession()?.school.id ?? 0;
  const log = useAuditLog(schoolId);
  const timeZone = useSchoolTimeZone();
  const [focusRow, setFocusRow] = useState<number>();
  const entries = log.data?.pages.flatMap((page) => page.people) ?? [];
  const total = log.data?.pages[0]?.total ?? entries.length;

  return (
    <Card aria-labelledby="audit-title" className="flex flex-col gap-4">
      <h1 id="audit-title" className="text-2xl font-bold">
        Activity log
      </h1>
      <p className="text-slate-700">
        Who did what in your school, newest first: sign-ins, role changes, intervals, payments and
        every time staff looked at students' data. Entries cannot be changed or deleted.
      </p>
      {log.isPending && <Spinner label="Loading the activity log..." />}
      {log.isError && <ErrorBox messages={[errorText(log.error)]} />}
      {entries.length === 0 && log.isSuccess && (
        <p className="text-slate-700">Nothing has been recorded yet.</p>
      )}
      {entries.length > 0 && (
        <>
          <AuditLogList entries={entries} timeZone={timeZone.data} focusRow={focusRow} />
          <ShowMore
            query={log}
            shown={entries.length}
            total={total}
            noun="entries"
            onShown={setFocusRow}
          />
        </>
      )}
    </Card>
  );
}
