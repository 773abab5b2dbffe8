import { ClassChallengeMeters } from './class-challenge/class-challenge-meter';
import { BadgeCelebration } from './personal-badges/badge-celebration';

/**
 * What the dashboard shows above the day only now and then: a new badge (decision 0078) and the
 * class's challenge meter (decision 0084). One lazy chunk for both, so the dashboard's first load
 * stays as it was (decision 0018).
 */
export function DashboardNotices() {
  return (
    <>
      <BadgeCelebration />
      <ClassChallengeMeters />
    </>
  );
}
