import { ClassChallengeMeters } from './class-challenge/class-challenge-meter';
import { BadgeCelebration } from './personal-badges/badge-celebration';
import { StreakCard } from './streak/streak-card';

/**
 * What the dashboard loads after its first paint, in one lazy chunk so its first load stays as it
 * was (decision 0018): above the day (`notices`) a new badge (decision 0078) and the class's
 * challenge meter (decision 0084), which show only now and then; under the balance (`streak`)
 * the child's streak and this week (decision 0082).
 */
export function DashboardExtras({ part }: { part: 'notices' | 'streak' }) {
  if (part === 'streak') return <StreakCard />;
  return (
    <>
      <BadgeCelebration />
      <ClassChallengeMeters />
    </>
  );
}
