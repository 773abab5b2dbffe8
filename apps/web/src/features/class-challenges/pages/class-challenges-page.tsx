import { Trans, useLingui } from '@lingui/react/macro';
import {
  CLASS_CHALLENGE_KINDS,
  CLASS_CHALLENGE_RULES,
  CLASS_CHALLENGE_TITLES,
  type ClassChallengeKind,
  type ClassChallengeStatus,
  type ClassScope,
  type StaffClassChallenges,
} from '@wellbank/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { useEndChallenge, useSchoolChallenges, useStartChallenge } from '../api/class-challenges';

/**
 * "Class challenges" for staff (issue 37 §2, decision 0084): start a week-long goal for a homeroom
 * or a grade, see the school's challenges with their class totals, end a running one early.
 */
export function ClassChallengesPage() {
  const { t, i18n } = useLingui();
  const session = useSession();
  const schoolId = session?.school.id ?? 0;
  const [kind, setKind] = useState<ClassChallengeKind>('water_cups');
  const [scope, setScope] = useState<ClassScope>('homeroom');
  const [className, setClassName] = useState(session?.homeroom ?? '');
  const [target, setTarget] = useState(String(CLASS_CHALLENGE_RULES.water_cups.defaultTarget));
  const start = useStartChallenge(schoolId);
  const list = useSchoolChallenges(schoolId);

  const chooseKind = (next: ClassChallengeKind) => {
    setKind(next);
    setTarget(String(CLASS_CHALLENGE_RULES[next].defaultTarget));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate({
      kind,
      scope,
      class_name: className.trim(),
      target: Number(target),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">
          <Trans>Class challenges</Trans>
        </h1>
        <p>
          <Trans>
            Start a goal a class reaches together in one week. The class sees one shared meter,
            never who did more or less. Stress is never part of a challenge.
          </Trans>
        </p>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t`Challenge`}
            value={kind}
            onChange={(event) => chooseKind(event.target.value as ClassChallengeKind)}
            options={CLASS_CHALLENGE_KINDS.map((value) => ({
              value,
              label: i18n._(CLASS_CHALLENGE_TITLES[value]),
            }))}
          />
          <TextField
            label={t`Goal for the class`}
            type="number"
            inputMode="numeric"
            min={1}
            max={10000}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            required
          />
          <SelectField
            label={t`For`}
            value={scope}
            onChange={(event) => setScope(event.target.value as ClassScope)}
            options={[
              { value: 'homeroom', label: t`A homeroom` },
              { value: 'grade', label: t`A grade` },
            ]}
          />
          <TextField
            label={scope === 'homeroom' ? t`Homeroom` : t`Grade (PK, K or 1 to 12)`}
            value={className}
            onChange={(event) => setClassName(event.target.value)}
            required
          />
          <Button
            type="submit"
            disabled={start.isPending || className.trim() === ''}
            className="self-start"
          >
            <Trans>Start for one week</Trans>
          </Button>
        </form>
        {start.isError && <ErrorBox messages={[errorText(start.error)]} />}
      </Card>
      <ChallengeList schoolId={schoolId} data={list.data} />
    </div>
  );
}

function ChallengeList({
  schoolId,
  data,
}: {
  schoolId: number;
  data: StaffClassChallenges | undefined;
}) {
  const { t, i18n } = useLingui();
  const { formatCount, isoToLocalDate } = useFormats();
  const end = useEndChallenge(schoolId);
  const statusText: Record<ClassChallengeStatus, string> = {
    running: t`Running`,
    ended_early: t`Ended early`,
    finished: t`Finished`,
  };
  if (!data) return null;
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-xl font-bold">
        <Trans>The school's challenges</Trans>
      </h2>
      {data.challenges.length === 0 ? (
        <p>
          <Trans>No challenge yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.challenges.map((challenge) => {
            const title = i18n._(CLASS_CHALLENGE_TITLES[challenge.kind]);
            const who =
              challenge.scope === 'homeroom'
                ? t`Homeroom ${challenge.class_name}`
                : t`Grade ${challenge.class_name}`;
            const total = formatCount(challenge.total);
            const target = formatCount(challenge.target);
            const from = isoToLocalDate(challenge.starts_on);
            const to = isoToLocalDate(challenge.ends_on);
            return (
              <li
                key={challenge.id}
                className="flex flex-col gap-3 rounded-xl p-3 ring-1 ring-slate-200 sm:flex-row sm:items-center"
              >
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="font-semibold">{title}</span>
                  <span>
                    {who} · {from} – {to} · {statusText[challenge.status]}
                  </span>
                  <span>
                    <Trans>
                      Together: {total} of {target}
                    </Trans>
                  </span>
                </div>
                {challenge.status === 'running' && (
                  <Button
                    variant="secondary"
                    className="self-start sm:self-auto"
                    disabled={end.isPending}
                    onClick={() => end.mutate(challenge.id)}
                  >
                    <Trans>End early</Trans>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {end.isError && <ErrorBox messages={[errorText(end.error)]} />}
    </Card>
  );
}
