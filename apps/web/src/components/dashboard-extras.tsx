import { lazy, Suspense } from 'react';
import { ClassChallengeMeters } from './class-challenge/class-challenge-meter';
import { BadgeCelebration } from './personal-badges/badge-celebration';

/*
 * The streak card in a chunk of its own, asked for as soon as this one runs: its modules (the
 * school's day, icons the entry pages share) would otherwise each be named in the dashboard
 * page's list of what this chunk needs, which is part of the dashboard's first load.
 */
const streakCard = import('./streak/streak-card');
const StreakCard = lazy(async () => ({ default: (await streakCard).StreakCard }));

/**
 * What the dashboard shows above the day, in one lazy chunk so its first load stays as it was
 * (decision 0018): a new badge (decision 0078) and the class's challenge meter (decision 0084),
 * only now and then, and the child's streak with this week's days (decision 0082).
 */
export function DashboardExtras() {
  return (
    <>
      <BadgeCelebration />
      <ClassChallengeMeters />
      <Suspense fallback={null}>
        <StreakCard />
      </Suspense>
    </>
  );
}
