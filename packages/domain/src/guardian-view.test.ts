import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayPoints } from './balance.ts';
import { activitiesBeforeStress, dayBeforeStress } from './guardian-view.ts';

describe('a guardian sees a day before stress (decision 0079)', () => {
  it('a day before stress does not depend on its stress', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: -2500, max: 0 }),
        fc.integer({ min: 0, max: 35 }),
        (energyCents, stress, streakPoints) => {
          const stored = (stressCents: number) => ({
            energyCents,
            balanceCents: energyCents + stressCents,
            dayPoints: dayPoints(energyCents + stressCents),
            streakPoints,
          });
          expect(dayBeforeStress(stored(stress))).toEqual(dayBeforeStress(stored(0)));
          expect(dayBeforeStress(stored(stress)).dayPoints).toBe(dayPoints(energyCents));
        },
      ),
    );
  });

  it('drops the stress activity and keeps the others', () => {
    const activities = activitiesBeforeStress([
      { activity_type: 'sleep', total: 1, properties: [] },
      {
        activity_type: 'stress',
        total: -2,
        properties: [{ property_key: 'people', property_value: 5, property_total: -1 }],
      },
    ]);
    expect(activities.map((a) => a.activity_type)).toEqual(['sleep']);
  });
});
