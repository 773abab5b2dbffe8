import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_TIME_ZONE } from '@wellbank/domain';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { useFormats } from '@/i18n/formats';
import { useSchoolTimeZone } from '@/lib/day/school-day';
import { errorText } from '@/lib/platform/api-client';
import { fullName, useSession } from '@/lib/platform/session';
import { useMarkTalkHandled, useTalkRequests } from '../api/stress-choice';

/**
 * The counsellor's list (decision 0073): the children who asked to talk to someone, oldest first,
 * each marked handled once the counsellor has seen them. Names and times only, never a rating.
 */
export function TalkRequestsPage() {
  const { t } = useLingui();
  const { formatDateTime } = useFormats();
  // The school's clock, as the activity log's: not the counsellor's browser's.
  const timeZone = useSchoolTimeZone().data ?? DEFAULT_TIME_ZONE;
  const schoolId = useSession()?.school.id ?? 0;
  const requests = useTalkRequests(schoolId);
  const handled = useMarkTalkHandled(schoolId);
  const open = requests.data ?? [];
  return (
    <Card aria-labelledby="talk-requests-title" className="flex flex-col gap-4">
      <h1 id="talk-requests-title" className="text-2xl font-bold">
        <Trans>Talk requests</Trans>
      </h1>
      <p className="text-slate-700">
        <Trans>
          Students who asked to talk to someone. Only their name is sent: never how they rated their
          stress.
        </Trans>
      </p>
      {requests.isPending && <Spinner label={t`Loading talk requests...`} />}
      {requests.isError && <ErrorBox messages={[errorText(requests.error)]} />}
      {handled.isError && <ErrorBox messages={[errorText(handled.error)]} />}
      {requests.isSuccess && open.length === 0 && (
        <p className="text-slate-700">
          <Trans>No open requests.</Trans>
        </p>
      )}
      <ul className="flex flex-col divide-y divide-slate-200">
        {open.map((request) => {
          const name = fullName(request);
          return (
            <li key={request.id} className="flex flex-wrap items-center gap-3 py-3">
              <span className="flex-1">
                <span className="block font-semibold">{name}</span>
                <time dateTime={request.asked_at} className="block text-sm text-slate-600">
                  {formatDateTime(new Date(request.asked_at), timeZone)}
                </time>
              </span>
              <button
                type="button"
                aria-label={t`Mark handled: ${name}`}
                disabled={handled.isPending}
                className="min-h-11 rounded-xl px-3 font-semibold text-accent underline underline-offset-2"
                onClick={() => handled.mutate(request)}
              >
                <Trans>Mark handled</Trans>
              </button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
