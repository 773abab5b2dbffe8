import {
  type EarnedBadge,
  earnedPersonalBadges,
  localDate,
  type PersonalBadge,
  type PersonalBadges,
} from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dailySummaries, personalBadges } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

interface Caller {
  userId: number;
  timeZone: string;
  now: Date;
}

/** What the person's stored days earn today (the domain's rules, decision 0078). */
async function earnedFromDays(db: Db, caller: Caller): Promise<EarnedBadge[]> {
  const days = await db
    .select({
      localDate: dailySummaries.localDate,
      isComplete: dailySummaries.isComplete,
      streakLength: dailySummaries.streakLength,
      energyCents: dailySummaries.energyCents,
      categoryCents: dailySummaries.categoryCents,
    })
    .from(dailySummaries)
    .where(eq(dailySummaries.userId, caller.userId));
  return earnedPersonalBadges(
    days.map(({ categoryCents, ...day }) => ({ ...day, sleepCents: categoryCents.sleep })),
    localDate(caller.now, caller.timeZone),
  );
}

/**
 * The person's badges: those their days earn now, and those celebrated before, which are kept
 * (`personal_badges`) even after an edit or retention emptied the days that earned them. A read
 * writes nothing.
 */
export async function readPersonalBadges(db: Db, caller: Caller): Promise<PersonalBadges> {
  const earned = await earnedFromDays(db, caller);
  const kept = await db
    .select()
    .from(personalBadges)
    .where(eq(personalBadges.userId, caller.userId));
  const byBadge = new Map<PersonalBadge, PersonalBadges['badges'][number]>();
  for (const { badge, earnedOn } of earned) {
    byBadge.set(badge, { badge, earned_on: earnedOn, celebrated: false });
  }
  for (const row of kept)
    byBadge.set(row.badge, { badge: row.badge, earned_on: row.earnedOn, celebrated: true });
  return {
    badges: [...byBadge.values()].sort(
      (a, b) => a.earned_on.localeCompare(b.earned_on) || a.badge.localeCompare(b.badge),
    ),
  };
}

/**
 * The celebration was shown: the badge is kept from now on and not celebrated again, on this
 * device or another. A badge the days have not earned is not found; `on conflict do nothing`
 * keeps the first celebration when several arrive at once.
 */
export async function markCelebrated(
  db: Db,
  caller: Caller & { badge: PersonalBadge },
): Promise<void> {
  const [kept] = await db
    .select({ badge: personalBadges.badge })
    .from(personalBadges)
    .where(and(eq(personalBadges.userId, caller.userId), eq(personalBadges.badge, caller.badge)));
  if (kept) return;
  const earned = (await earnedFromDays(db, caller)).find((e) => e.badge === caller.badge);
  if (!earned) throw notFound();
  await db
    .insert(personalBadges)
    .values({
      userId: caller.userId,
      badge: caller.badge,
      earnedOn: earned.earnedOn,
      celebratedAt: caller.now,
    })
    .onConflictDoNothing();
}
