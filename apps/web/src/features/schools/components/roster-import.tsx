import {
  INVITATION_LIFETIME_DAYS,
  ROSTER_MESSAGES,
  ROSTER_STATUS_LABELS,
  type RosterResponse,
  rosterCountsText,
} from '@wellbank/domain';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { inputClasses } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { useRosterUpload } from '../api/roster';

/**
 * "Import roster" (decision 0030): choose a CSV, preview every row (nothing is written), then
 * import, which invites the new people by e-mail. A new file starts over.
 */
export function RosterImport({ schoolId }: { schoolId: number }) {
  const inputId = useId();
  const [file, setFile] = useState<File>();
  const preview = useRosterUpload(schoolId);
  const upload = useRosterUpload(schoolId);
  const pending = preview.isPending || upload.isPending;
  const canImport = preview.data && preview.data.counts.new > 0 && !upload.isSuccess;

  return (
    <Card aria-labelledby="roster-title" className="flex flex-col gap-3">
      <h2 id="roster-title" className="text-xl font-bold">
        Import roster
      </h2>
      <p className="text-slate-700">
        A CSV file with the columns first name, last name, e-mail and role (student or staff), and
        if you like grade (K, 1–12) and homeroom; a OneRoster users.csv works too. Preview shows
        every row before anything is saved. Import e-mails each new person a link to sign up, valid
        for {INVITATION_LIFETIME_DAYS} days: no school code needed.
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-semibold text-slate-700">
          Roster file (CSV)
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className={inputClasses}
          onChange={(event) => {
            setFile(event.target.files?.[0]);
            preview.reset();
            upload.reset();
          }}
        />
      </div>
      <Button
        variant="secondary"
        disabled={!file || pending}
        onClick={() => file && preview.mutate({ file, dryRun: true })}
      >
        {preview.isPending ? 'Reading the file...' : 'Preview'}
      </Button>
      {preview.isError && <ErrorBox messages={[errorText(preview.error)]} />}
      {preview.data && !upload.isSuccess && <RosterRows result={preview.data} title="Preview" />}
      {canImport && (
        <Button disabled={pending} onClick={() => file && upload.mutate({ file, dryRun: false })}>
          {upload.isPending ? 'Importing...' : `Import ${preview.data?.counts.new ?? 0} new`}
        </Button>
      )}
      {upload.isError && <ErrorBox messages={[errorText(upload.error)]} />}
      {upload.data && (
        <>
          <StatusMessage>
            {ROSTER_MESSAGES.importDone(upload.data.counts.new)}.{' '}
            {rosterCountsText(upload.data.counts)}.
          </StatusMessage>
          {upload.data.rows.length > 0 && (
            <RosterRows result={upload.data} title="Rows not imported" />
          )}
        </>
      )}
    </Card>
  );
}

function RosterRows({ result, title }: { result: RosterResponse; title: string }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="text-lg font-bold">{title}</h3>
      <p role="status" className="font-medium text-slate-800">
        {rosterCountsText(result.counts)}.
      </p>
      <p className="text-sm text-slate-700">{ROSTER_MESSAGES.cap(result.student_cap)}</p>
      <DataTable scrollLabel={`${title}: rows of the file`}>
        <caption className="sr-only">{title}: each row of the file and what happens to it</caption>
        <thead>
          <tr>
            <th scope="col" className={`${thClasses} w-12`}>
              Row
            </th>
            <th scope="col" className={thClasses}>
              Name
            </th>
            <th scope="col" className={thClasses}>
              Email
            </th>
            <th scope="col" className={thClasses}>
              Role
            </th>
            <th scope="col" className={thClasses}>
              Result
            </th>
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row) => (
            <tr key={row.row}>
              <td className={`${tdClasses} tabular-nums`}>{row.row}</td>
              <th scope="row" className={`${tdClasses} font-semibold break-words`}>
                {`${row.first_name} ${row.last_name}`.trim() || '—'}
              </th>
              <td className={`${tdClasses} break-all text-slate-700`}>{row.email || '—'}</td>
              <td className={tdClasses}>{row.role || '—'}</td>
              <td className={`${tdClasses} ${row.status === 'error' ? 'text-danger' : ''}`}>
                {row.status === 'error'
                  ? `${ROSTER_STATUS_LABELS.error}: ${row.error ?? ''}`
                  : ROSTER_STATUS_LABELS[row.status]}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </section>
  );
}
