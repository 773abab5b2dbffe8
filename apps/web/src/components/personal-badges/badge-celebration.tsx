import { Trans, useLingui } from '@lingui/react/macro';
import { PERSONAL_BADGE_TEXTS } from '@wellbank/domain';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/platform/session';
import { useMarkCelebrated, usePersonalBadges } from './personal-badges-query';

/**
 * The dashboard's "New badge!" (issue 37 §3): a badge's celebration shows once, the first one not
 * yet celebrated, until "Yay!" marks it shown. A polite status, not a dialog: it never takes
 * the child away from logging their day. Loaded lazily, so the dashboard's first load stays as
 * it was (decision 0018).
 */
export function BadgeCelebration() {
  const { i18n } = useLingui();
  const userId = useSession()?.id ?? 0;
  const badges = usePersonalBadges(userId);
  const markCelebrated = useMarkCelebrated(userId);
  const fresh = badges.data?.badges.find((earned) => !earned.celebrated);
  if (!fresh) return null;
  const name = i18n._(PERSONAL_BADGE_TEXTS[fresh.badge].name);

  return (
    <section
      aria-labelledby="badge-celebration-title"
      className="flex flex-wrap items-center gap-3 rounded-2xl border-2 border-emerald-600 bg-emerald-50 p-4"
    >
      <span
        aria-hidden="true"
        className="grid size-12 shrink-0 place-items-center rounded-full bg-emerald-700 text-2xl text-white"
      >
        ★
      </span>
      <div role="status" className="flex min-w-0 flex-1 flex-col">
        <h2 id="badge-celebration-title" className="text-lg font-bold">
          <Trans>New badge: {name}!</Trans>
        </h2>
        <p className="text-slate-700">{i18n._(PERSONAL_BADGE_TEXTS[fresh.badge].howToEarn)}</p>
        <Link to="/profile" className="font-semibold text-emerald-800 underline">
          <Trans>See all my badges</Trans>
        </Link>
      </div>
      <Button
        disabled={markCelebrated.isPending}
        onClick={() => markCelebrated.mutate(fresh.badge)}
      >
        <Trans>Yay!</Trans>
      </Button>
    </section>
  );
}
