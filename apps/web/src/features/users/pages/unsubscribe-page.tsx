import { useLingui } from '@lingui/react';
import { useMutation } from '@tanstack/react-query';
import { FAMILY_SUMMARY_MESSAGES, REMINDER_MESSAGES } from '@wellbank/domain';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { domainText } from '@/i18n/domain-text';
import { api, errorText } from '@/lib/platform/api-client';

const M = REMINDER_MESSAGES;

/**
 * The page of a reminder e-mail's visible link (decision 0029): it asks, then turns the e-mail
 * off with the link's signed token, signed in or not. A GET never unsubscribes (mail scanners
 * follow links); the button sends the same POST as a mail provider's one-click.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const { i18n } = useLingui();
  const token = params.get('token') ?? '';
  const question = token.startsWith('weekly-summary.')
    ? M.unsubscribeWeeklyQuestion
    : token.startsWith('family-summary.')
      ? FAMILY_SUMMARY_MESSAGES.unsubscribeQuestion
      : M.unsubscribeDailyQuestion;
  const turnOff = useMutation({
    mutationFn: () =>
      api.post<{ message: string }>(`/reminders/unsubscribe?token=${encodeURIComponent(token)}`),
  });

  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center p-4">
      <Card aria-labelledby="unsubscribe-title" className="flex flex-col gap-4">
        <h1 id="unsubscribe-title" className="text-2xl font-bold">
          {i18n._(M.unsubscribeTitle)}
        </h1>
        {turnOff.isSuccess ? (
          <StatusMessage>{domainText(i18n, turnOff.data.message)}</StatusMessage>
        ) : (
          <>
            <p className="text-slate-700">{i18n._(question)}</p>
            {turnOff.isError && <ErrorBox messages={[errorText(turnOff.error)]} />}
            <Button
              type="button"
              className="self-start"
              disabled={turnOff.isPending || !token}
              onClick={() => turnOff.mutate()}
            >
              {i18n._(M.unsubscribeButton)}
            </Button>
          </>
        )}
      </Card>
    </main>
  );
}
