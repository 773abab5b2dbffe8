import { Trans, useLingui } from '@lingui/react/macro';
import { STRESS_NOTICE_VERSION } from '@wellbank/domain';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { Switch } from '@/components/ui/switch';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { useSaveStressCheckIn, useStressCheckIn } from '../api/stress-choice';
import { StressNotice } from '../components/stress-notice';

/**
 * Issue 36 §3 (decision 0073): the coordinator turns the stress check-in on or off for the whole
 * school; while it is on, the notice families are given (what is asked, that it is voluntary, who
 * sees the ratings, how to opt out) is shown here to hand out.
 */
export function StressCheckInPage() {
  const { t } = useLingui();
  const schoolId = useSession()?.school.id ?? 0;
  const checkIn = useStressCheckIn(schoolId);
  const save = useSaveStressCheckIn(schoolId);
  const enabled = checkIn.data?.enabled ?? true;
  return (
    <Card aria-labelledby="stress-check-in-title" className="flex flex-col gap-4">
      <h1 id="stress-check-in-title" className="text-2xl font-bold">
        <Trans>Stress check-in</Trans>
      </h1>
      <p className="text-slate-700">
        <Trans>
          Each day students can rate five kinds of stress. Turn it off and no student of the school
          is asked: a day is complete with the seven other categories.
        </Trans>
      </p>
      {checkIn.isPending && <Spinner label={t`Loading...`} />}
      {checkIn.isError && <ErrorBox messages={[errorText(checkIn.error)]} />}
      {checkIn.data && (
        <div className="flex items-center justify-between gap-3">
          <span className="font-semibold">
            <Trans>Ask students about stress</Trans>
          </span>
          <Switch
            checked={enabled}
            disabled={save.isPending}
            label={t`Ask students about stress`}
            onCheckedChange={(on) => save.mutate(on)}
          />
        </div>
      )}
      {save.isError && <ErrorBox messages={[errorText(save.error)]} />}
      {save.isSuccess && (
        <StatusMessage>
          {save.data.enabled ? (
            <Trans>The stress check-in is on. The change is in the consent record.</Trans>
          ) : (
            <Trans>The stress check-in is off. The change is in the consent record.</Trans>
          )}
        </StatusMessage>
      )}
      {checkIn.data && enabled && (
        <section aria-labelledby="stress-notice-title" className="flex flex-col gap-2">
          <h2 id="stress-notice-title" className="text-xl font-bold">
            <Trans>Notice for families</Trans>
          </h2>
          <StressNotice />
          <p className="text-sm text-slate-600">
            <Trans>Notice version {STRESS_NOTICE_VERSION}</Trans>
          </p>
        </section>
      )}
    </Card>
  );
}
