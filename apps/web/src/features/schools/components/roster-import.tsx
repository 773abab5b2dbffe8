import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  INVITATION_LIFETIME_DAYS,
  ROSTER_MESSAGES,
  ROSTER_STATUS_LABELS,
  type RosterCounts,
  type RosterResponse,
} from '@wellbank/domain';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { inputClasses } from '@/components/ui/text-field';
import { domainText } from '@/i18n/domain-text';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { useRosterUpload } from '../api/roster';

/**
 * "3 new, 2 without e-mail, 1 already a member, 0 already invited, 2 with errors.", in the
 * reader's language.
 */
function useRosterCountsText() {
  const { formatCount } = useFormats();
  const { t } = useLingui();
  return (counts: RosterCounts) => {
    const { new: fresh, created, member, invited, error } = counts;
    const [freshText, createdText, memberText, invitedText, erroredText] = [
      fresh,
      created,
      member,
      invited,
      error,
    ].map((n) => formatCount(n));
    return t`${plural(fresh, { one: `${freshText} new`, other: `${freshText} new` })}, ${plural(created, { one: `${createdText} without e-mail`, other: `${createdText} without e-mail` })}, ${plural(member, { one: `${memberText} already a member`, other: `${memberText} already members` })}, ${plural(invited, { one: `${invitedText} already invited`, other: `${invitedText} already invited` })}, ${plural(error, { one: `${erroredText} with an error`, other: `${erroredText} with errors` })}.`;
  };
}

/**
 * "Import roster" (decision 0030): choose a CSV, preview every row (nothing is written), then
 * import, which invites the new people by e-mail. A new file starts over.
 */
export function RosterImport({ schoolId }: { schoolId: number }) {
  const { formatCount } = useFormats();
  const { t } = useLingui();
  const countsText = useRosterCountsText();
  const inputId = useId();
  const [file, setFile] = useState<File>();
  const preview = useRosterUpload(schoolId);
  const upload = useRosterUpload(schoolId);
  const pending = preview.isPending || upload.isPending;
  const toImport = (preview.data?.counts.new ?? 0) + (preview.data?.counts.created ?? 0);
  const canImport = preview.data && toImport > 0 && !upload.isSuccess;
  const days = INVITATION_LIFETIME_DAYS;
  const imported = upload.data?.counts.new ?? 0;
  const created = upload.data?.counts.created ?? 0;
  const [toImportText, importedText, createdText] = [toImport, imported, created].map((n) =>
    formatCount(n),
  );

  return (
    <Card aria-labelledby="roster-title" className="flex flex-col gap-3">
      <h2 id="roster-title" className="text-xl font-bold">
        <Trans>Import roster</Trans>
      </h2>
      <p className="text-slate-700">
        <Trans>
          A CSV file with the columns first name, last name, e-mail and role (student or staff), and
          if you like grade (K, 1–12) and homeroom; a OneRoster users.csv works too. Preview shows
          every row before anything is saved. Import e-mails each new person a link to sign up,
          valid for {days} days: no school code needed.
        </Trans>{' '}
        <Trans>
          A student's row may leave the e-mail empty: their account is made at once, without e-mail
          or password.
        </Trans>
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-semibold text-slate-700">
          <Trans>Roster file (CSV)</Trans>
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
        {preview.isPending ? <Trans>Reading the file...</Trans> : <Trans>Preview</Trans>}
      </Button>
      {preview.isError && <ErrorBox messages={[errorText(preview.error)]} />}
      {preview.data && !upload.isSuccess && (
        <RosterRows result={preview.data} title={t`Preview`} countsText={countsText} />
      )}
      {canImport && (
        <Button disabled={pending} onClick={() => file && upload.mutate({ file, dryRun: false })}>
          {upload.isPending
            ? t`Importing...`
            : t`Import ${plural(toImport, { one: `${toImportText} new`, other: `${toImportText} new` })}`}
        </Button>
      )}
      {upload.isError && <ErrorBox messages={[errorText(upload.error)]} />}
      {upload.data && (
        <>
          <StatusMessage>
            {t`Imported: ${plural(imported, { one: `${importedText} invitation`, other: `${importedText} invitations` })} sent by e-mail.`}{' '}
            {created > 0 &&
              t`${plural(created, { one: `${createdText} student account`, other: `${createdText} student accounts` })} made without e-mail.`}{' '}
            {countsText(upload.data.counts)}
          </StatusMessage>
          {upload.data.rows.length > 0 && (
            <RosterRows result={upload.data} title={t`Rows not imported`} countsText={countsText} />
          )}
        </>
      )}
    </Card>
  );
}

function RosterRows({
  result,
  title,
  countsText,
}: {
  result: RosterResponse;
  title: string;
  countsText: (counts: RosterCounts) => string;
}) {
  const { t, i18n } = useLingui();
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="text-lg font-bold">{title}</h3>
      <p role="status" className="font-medium text-slate-800">
        {countsText(result.counts)}
      </p>
      <p className="text-sm text-slate-700">
        {domainText(i18n, ROSTER_MESSAGES.cap(result.student_cap))}
      </p>
      <DataTable scrollLabel={t`${title}: rows of the file`}>
        <caption className="sr-only">
          <Trans>{title}: each row of the file and what happens to it</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col" className={`${thClasses} w-12`}>
              <Trans>Row</Trans>
            </th>
            <th scope="col" className={thClasses}>
              <Trans>Name</Trans>
            </th>
            <th scope="col" className={thClasses}>
              <Trans>Email</Trans>
            </th>
            <th scope="col" className={thClasses}>
              <Trans>Role</Trans>
            </th>
            <th scope="col" className={thClasses}>
              <Trans>Result</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row) => {
            const reason = row.error ?? '';
            return (
              <tr key={row.row}>
                <td className={`${tdClasses} tabular-nums`}>{row.row}</td>
                <th scope="row" className={`${tdClasses} font-semibold break-words`}>
                  {`${row.first_name} ${row.last_name}`.trim() || '—'}
                </th>
                <td className={`${tdClasses} break-all text-slate-700`}>{row.email || '—'}</td>
                <td className={tdClasses}>{row.role || '—'}</td>
                <td className={`${tdClasses} ${row.status === 'error' ? 'text-danger' : ''}`}>
                  {row.status === 'error'
                    ? t`Error: ${reason}`
                    : i18n._(ROSTER_STATUS_LABELS[row.status])}
                </td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    </section>
  );
}
