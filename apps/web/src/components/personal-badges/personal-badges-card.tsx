import { Trans, useLingui } from '@lingui/react/macro';
import { PERSONAL_BADGE_TEXTS, PERSONAL_BADGES, type PersonalBadge } from '@wellbank/domain';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { cn } from '@/lib/platform/cn';
import { usePersonalBadges } from './personal-badges-query';

/**
 * /profile "My badges" (issue 37 §3): every badge, the earned ones with their day, the others with
 * what earns them — against the child's own past, so no one else's figure appears.
 */
export function PersonalBadgesCard({ userId }: { userId: number }) {
  const { t } = useLingui();
  const badges = usePersonalBadges(userId);

  return (
    <Card aria-labelledby="my-badges-title">
      <h2 id="my-badges-title" className="mb-3 text-xl font-bold">
        <Trans>My badges</Trans>
      </h2>
      {badges.isPending && <Spinner label={t`Loading your badges...`} />}
      {badges.isError && <ErrorBox messages={[errorText(badges.error)]} />}
      {badges.isSuccess && <PersonalBadgesList badges={badges.data.badges} />}
    </Card>
  );
}

/** Every badge: the earned ones with their day, the others with what earns them. */
export function PersonalBadgesList({
  badges,
}: {
  badges: readonly { badge: PersonalBadge; earned_on: string }[];
}) {
  const { i18n } = useLingui();
  const { isoToLocalDate } = useFormats();
  const earnedOn = new Map(badges.map((b) => [b.badge, b.earned_on]));
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {PERSONAL_BADGES.map((badge) => {
        const day = earnedOn.get(badge);
        const since = day && isoToLocalDate(day);
        return (
          <li
            key={badge}
            className={cn(
              'flex items-start gap-3 rounded-xl border-2 p-3',
              day ? 'border-emerald-600 bg-emerald-50' : 'border-slate-200',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'grid size-10 shrink-0 place-items-center rounded-full text-xl font-bold',
                day ? 'bg-emerald-700 text-white' : 'bg-slate-100 text-slate-600',
              )}
            >
              {day ? '★' : '☆'}
            </span>
            <div className="flex min-w-0 flex-col">
              <span className="font-semibold">{i18n._(PERSONAL_BADGE_TEXTS[badge].name)}</span>
              <span className="text-sm text-slate-700">
                {since ? (
                  <Trans>Earned on {since}</Trans>
                ) : (
                  i18n._(PERSONAL_BADGE_TEXTS[badge].howToEarn)
                )}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
