import { Trans, useLingui } from '@lingui/react/macro';
import type { TeamRankingMode } from '@wellbank/domain';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { useSaveTeamRankingSetting, useTeamRankingSetting } from '../api/team-ranking';

/** One native radio button with its explanation, the whole label a 44 px target. */
function Choice(props: {
  value: TeamRankingMode;
  checked: boolean;
  disabled: boolean;
  onChoose: (value: TeamRankingMode) => void;
  label: string;
  hint: string;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 text-base text-slate-800">
      <input
        type="radio"
        name="team-ranking"
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        onChange={() => props.onChoose(props.value)}
        className="mt-1 size-6 shrink-0 cursor-pointer accent-accent"
      />
      <span className="flex flex-col">
        <span className="font-semibold">{props.label}</span>
        <span className="text-slate-700">{props.hint}</span>
      </span>
    </label>
  );
}

/**
 * Issue 37 §2 "Kind rankings" (decision 0083): the coordinator chooses what students and family
 * members see on /team. Staff and coordinators always see points.
 */
export function TeamRankingPage() {
  const { t } = useLingui();
  const schoolId = useSession()?.school.id ?? 0;
  const setting = useTeamRankingSetting(schoolId);
  const save = useSaveTeamRankingSetting(schoolId);
  const chosen = setting.data?.ranking;
  return (
    <Card aria-labelledby="team-ranking-title" className="flex flex-col gap-4">
      <h1 id="team-ranking-title" className="text-2xl font-bold">
        <Trans>Team ranking</Trans>
      </h1>
      <p className="text-slate-700">
        <Trans>
          Choose what students and their families see on their team page. Staff and coordinators
          always see the points lists.
        </Trans>
      </p>
      {setting.isPending && <Spinner label={t`Loading...`} />}
      {setting.isError && <ErrorBox messages={[errorText(setting.error)]} />}
      {chosen && (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-bold">
            <Trans>Students see teams ranked by</Trans>
          </legend>
          <Choice
            value="goals"
            checked={chosen === 'goals'}
            disabled={save.isPending}
            onChoose={(value) => save.mutate(value)}
            label={t`Weekly goals reached`}
            hint={t`Kind for younger children: teams count the weeks they reached their goal together, and nobody's points are shown.`}
          />
          <Choice
            value="points"
            checked={chosen === 'points'}
            disabled={save.isPending}
            onChoose={(value) => save.mutate(value)}
            label={t`Points`}
            hint={t`Teams and team members ranked by their points.`}
          />
        </fieldset>
      )}
      {save.isError && <ErrorBox messages={[errorText(save.error)]} />}
      {save.isSuccess && (
        <StatusMessage>
          <Trans>
            Saved. Students see the new ranking the next time they open their team page.
          </Trans>
        </StatusMessage>
      )}
    </Card>
  );
}
