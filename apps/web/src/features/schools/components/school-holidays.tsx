import { Trans, useLingui } from '@lingui/react/macro';
import { localDateToIso } from '@wellbank/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { QueryPending } from '@/components/ui/query-pending';
import { StatusMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { useChangeHoliday, useHolidays } from '../api/holidays';

/**
 * The school's days without school ahead of today (issue 37 §1, decision 0082), on the intervals
 * page (coordinators): streaks skip them as they skip weekends. A day is typed as the interval
 * dates are (mm/dd/yyyy, dd/mm/aaaa); the server says why it refuses one (a weekend, not after
 * today, more than a year ahead).
 */
export function SchoolHolidays({ schoolId }: { schoolId: number }) {
  const { t } = useLingui();
  const { language, datePattern, dateFormat } = useFormats();
  const holidays = useHolidays(schoolId);
  const add = useChangeHoliday(schoolId, 'add');
  const remove = useChangeHoliday(schoolId, 'remove');
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [status, setStatus] = useState('');
  const long = dateFormat({
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const dayName = (date: string) => long.format(new Date(`${date}T00:00:00Z`));

  const clearMessages = () => {
    add.reset();
    remove.reset();
    setFieldError(undefined);
    setStatus('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    clearMessages();
    // An empty field does nothing and says nothing (SPEC.md §5), as the interval form does.
    if (typed.trim() === '') return;
    const date = localDateToIso(typed, language);
    if (!date) {
      setFieldError(t`Type the day as ${datePattern}`);
      return;
    }
    add.mutate(date, {
      onSuccess: () => {
        setTyped('');
        const day = dayName(date);
        setStatus(t`${day} added as a day without school.`);
      },
    });
  };

  const serverError = add.error ?? remove.error;

  return (
    <Card aria-labelledby="holidays-title" className="flex flex-col gap-4">
      <h2 id="holidays-title" className="text-xl font-bold">
        <Trans>Days without school</Trans>
      </h2>
      <p className="text-slate-700">
        <Trans>Streaks skip weekends and these days. Mark them ahead of time.</Trans>
      </p>
      <QueryPending query={holidays} label={t`Loading days without school...`} />
      {holidays.isError && <ErrorBox messages={[errorText(holidays.error)]} />}
      {holidays.isSuccess && holidays.data.length === 0 && (
        <p className="text-slate-700">
          <Trans>No days without school marked yet.</Trans>
        </p>
      )}
      {holidays.isSuccess && holidays.data.length > 0 && (
        <ul aria-labelledby="holidays-title" className="flex flex-col divide-y divide-slate-200">
          {holidays.data.map((date) => {
            const day = dayName(date);
            return (
              <li key={date} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-medium">{day}</span>
                <Button
                  variant="secondary"
                  aria-label={t`Remove ${day}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    clearMessages();
                    remove.mutate(date, {
                      onSuccess: () => setStatus(t`${day} is a school day again.`),
                    });
                  }}
                >
                  <Trans>Remove</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <TextField
          label={t`Day without school`}
          placeholder={datePattern}
          inputMode="numeric"
          autoComplete="off"
          name="holiday"
          value={typed}
          error={fieldError}
          onChange={(event) => {
            setTyped(event.target.value);
            clearMessages();
          }}
        />
        {serverError && <ErrorBox messages={[errorText(serverError)]} />}
        <Button type="submit" disabled={add.isPending} className="w-full sm:w-auto sm:self-end">
          {add.isPending ? t`Adding...` : t`Add day without school`}
        </Button>
      </form>
      {status && <StatusMessage>{status}</StatusMessage>}
    </Card>
  );
}
