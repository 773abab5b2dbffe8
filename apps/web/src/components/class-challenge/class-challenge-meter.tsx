import { Trans, useLingui } from '@lingui/react/macro';
import { CLASS_CHALLENGE_TITLES, type ClassChallenge, challengeProgress } from '@wellbank/domain';
import { useFormats } from '@/i18n/formats';
import { useSession } from '@/lib/platform/session';
import { useMyClassChallenges } from './class-challenge-query';

/**
 * The class's shared meter on the dashboard (issue 37 §2, decision 0084): the goal and what the
 * class did together, never who did what. Loaded lazily, so the dashboard's first load stays as
 * it was (decision 0018); nothing shows when the class has no challenge running.
 */
export function ClassChallengeMeters() {
  const userId = useSession()?.id ?? 0;
  const challenges = useMyClassChallenges(userId).data?.challenges ?? [];
  if (challenges.length === 0) return null;
  return (
    <>
      {challenges.map((challenge) => (
        <ClassChallengeMeter key={challenge.id} challenge={challenge} />
      ))}
    </>
  );
}

/** One challenge's meter: also on a class check-in's screen, read by the class code (0085). */
export function ClassChallengeMeter({ challenge }: { challenge: ClassChallenge }) {
  const { i18n, t } = useLingui();
  const { formatCount } = useFormats();
  const title = i18n._(CLASS_CHALLENGE_TITLES[challenge.kind]);
  const percent = Math.round(challengeProgress(challenge.total, challenge.target) * 100);
  const reached = challenge.total >= challenge.target;
  const total = formatCount(challenge.total);
  const target = formatCount(challenge.target);
  const titleId = `class-challenge-${challenge.id}`;
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-2xl border-2 border-sky-700 bg-sky-50 p-4"
    >
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <div
        role="progressbar"
        aria-labelledby={titleId}
        aria-valuemin={0}
        aria-valuemax={challenge.target}
        aria-valuenow={Math.min(challenge.total, challenge.target)}
        aria-valuetext={t`${total} of ${target}`}
        className="h-4 overflow-hidden rounded-full bg-white ring-1 ring-sky-700"
      >
        <div className="h-full bg-sky-700" style={{ width: `${percent}%` }} />
      </div>
      <p className="font-semibold" data-testid="class-challenge-total">
        {reached ? (
          <Trans>
            Our class did it: {total} of {target}!
          </Trans>
        ) : (
          <Trans>
            Our class together: {total} of {target}
          </Trans>
        )}
      </p>
    </section>
  );
}
