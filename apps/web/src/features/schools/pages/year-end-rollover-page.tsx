import { Trans, useLingui } from '@lingui/react/macro';
import {
  GRADE_ORDER,
  LEAVING_GRACE_DAYS,
  type YearEndRolloverInput,
  type YearEndRolloverResult,
} from '@wellbank/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { useSemesters } from '../api/semesters';
import { useRolloverReview, useRunRollover } from '../api/year-end-rollover';
import { RolloverSummary, useGradeLabel } from '../components/rollover-summary';
import { SemesterForm } from '../components/semester-form';

type Choices = Pick<YearEndRolloverInput, 'teams' | 'leaving'> & { last_grade: string };

/**
 * The year-end rollover (issue 35, decision 0069): the choices and the next interval, then the
 * dry run in plain words, a confirmation, and the run's result. The review always comes from the
 * server, so it says exactly what the run will do; a change of any choice asks for it again.
 */
export function YearEndRolloverPage() {
  const { t } = useLingui();
  const gradeLabel = useGradeLabel();
  const schoolId = useSession()?.school.id ?? 0;
  const semesters = useSemesters(schoolId);
  const review = useRolloverReview(schoolId);
  const run = useRunRollover(schoolId);
  const [choices, setChoices] = useState<Choices>({
    teams: 'keep',
    leaving: 'export_first',
    last_grade: '',
  });
  const [reviewed, setReviewed] = useState<{
    body: YearEndRolloverInput;
    plan: YearEndRolloverResult;
  }>();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<YearEndRolloverResult>();

  const choose = (change: Partial<Choices>) => {
    setChoices((current) => ({ ...current, ...change }));
    setReviewed(undefined);
    review.reset();
  };

  if (done) {
    return (
      <Card aria-labelledby="rollover-title" className="flex flex-col gap-4">
        <h1 id="rollover-title" className="text-2xl font-bold">
          <Trans>Year-end rollover</Trans>
        </h1>
        <StatusMessage>
          <Trans>The school year was rolled over.</Trans>
        </StatusMessage>
        <h2 className="text-xl font-bold">
          <Trans>What the rollover did</Trans>
        </h2>
        <RolloverSummary result={done} />
        <Link className="text-accent-strong underline" to="/schools/semesters">
          <Trans>See the intervals</Trans>
        </Link>
      </Card>
    );
  }

  const active = semesters.data?.find((semester) => semester.is_active);
  const gradeOptions = [
    { value: '', label: t`Highest grade in the school` },
    ...GRADE_ORDER.map((grade) => ({ value: grade, label: gradeLabel(grade) })),
  ];
  const graceDays = LEAVING_GRACE_DAYS;

  return (
    <>
      <Card aria-labelledby="rollover-title" className="flex flex-col gap-4">
        <h1 id="rollover-title" className="text-2xl font-bold">
          <Trans>Year-end rollover</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>
            At the end of the school year: the active interval closes, every student moves up a
            grade, the students of the last grade leave, and the next year's first interval opens.
            Choose below, review what will happen, then confirm. Nothing changes before you confirm.
          </Trans>
        </p>
        {semesters.isPending && <Spinner label={t`Loading intervals...`} />}
        {semesters.isError && <ErrorBox messages={[errorText(semesters.error)]} />}
      </Card>
      <Card aria-labelledby="rollover-choices-title" className="flex flex-col gap-4">
        <h2 id="rollover-choices-title" className="text-xl font-bold">
          <Trans>1. Choices</Trans>
        </h2>
        <SelectField
          label={t`Last grade of the school`}
          options={gradeOptions}
          value={choices.last_grade}
          onChange={(event) => choose({ last_grade: event.target.value })}
        />
        <fieldset className="flex flex-col gap-1">
          <legend className="font-semibold text-slate-800">
            <Trans>Students of the last grade</Trans>
          </legend>
          <Choice
            name="rollover-leaving"
            checked={choices.leaving === 'export_first'}
            onChoose={() => choose({ leaving: 'export_first' })}
            label={t`Let them download their data for ${graceDays} days, then delete their accounts`}
          />
          <Choice
            name="rollover-leaving"
            checked={choices.leaving === 'delete_now'}
            onChoose={() => choose({ leaving: 'delete_now' })}
            label={t`Delete their accounts now`}
          />
        </fieldset>
        <fieldset className="flex flex-col gap-1">
          <legend className="font-semibold text-slate-800">
            <Trans>Teams</Trans>
          </legend>
          <Choice
            name="rollover-teams"
            checked={choices.teams === 'keep'}
            onChoose={() => choose({ teams: 'keep' })}
            label={t`Keep teams as they are`}
          />
          <Choice
            name="rollover-teams"
            checked={choices.teams === 'reset'}
            onChoose={() => choose({ teams: 'reset' })}
            label={t`Reset team names to their defaults (families stay on their teams)`}
          />
        </fieldset>
      </Card>
      <Card aria-labelledby="rollover-interval-title" className="flex flex-col gap-4">
        <h2 id="rollover-interval-title" className="text-xl font-bold">
          <Trans>2. The next year's first interval</Trans>
        </h2>
        <SemesterForm
          pending={review.isPending}
          serverError={review.isError ? errorText(review.error) : undefined}
          clearServerError={() => {
            review.reset();
            setReviewed(undefined);
          }}
          submitLabel={{ idle: t`Review the rollover`, pending: t`Reviewing...` }}
          onSave={(nextInterval) => {
            if (!semesters.isSuccess) return;
            const body: YearEndRolloverInput = {
              close_interval_id: active?.id ?? null,
              teams: choices.teams,
              leaving: choices.leaving,
              next_interval: nextInterval,
              ...(choices.last_grade
                ? { last_grade: choices.last_grade as YearEndRolloverInput['last_grade'] }
                : {}),
            };
            review.mutate(body, { onSuccess: (plan) => setReviewed({ body, plan }) });
          }}
        />
      </Card>
      {reviewed && (
        <Card aria-labelledby="rollover-review-title" className="flex flex-col gap-4">
          <h2 id="rollover-review-title" className="text-xl font-bold">
            <Trans>3. Review: what the rollover will do</Trans>
          </h2>
          <RolloverSummary result={reviewed.plan} />
          <Button
            onClick={() => {
              run.reset();
              setConfirming(true);
            }}
          >
            <Trans>Roll over the school year</Trans>
          </Button>
        </Card>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Roll over the school year?`}
        confirmLabel={t`Roll over`}
        pendingLabel={t`Rolling over...`}
        pending={run.isPending}
        error={run.isError ? errorText(run.error) : undefined}
        onConfirm={() =>
          reviewed &&
          run.mutate(reviewed.body, {
            onSuccess: (result) => {
              setConfirming(false);
              setDone(result);
            },
          })
        }
      >
        <p>
          <Trans>
            Everything in the review happens at once and cannot be undone: grades move up, the
            interval changes, and leaving students' accounts are deleted now or after the days
            chosen.
          </Trans>
        </p>
      </ConfirmDialog>
    </>
  );
}

/** One native radio button, its whole label a 44 px target. */
function Choice(props: { name: string; checked: boolean; onChoose: () => void; label: string }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-base text-slate-800">
      <input
        type="radio"
        name={props.name}
        checked={props.checked}
        onChange={props.onChoose}
        className="size-6 shrink-0 cursor-pointer accent-accent"
      />
      {props.label}
    </label>
  );
}
