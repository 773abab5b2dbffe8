import { describe, expect, it } from 'vitest';
import { toActivity } from './activity-from-values.ts';
import { activitySchema, piggyBanksSchema } from './activity-wire.ts';
import { activityTypeMismatchMessage, unknownActivityTypeMessage } from './messages.ts';

describe('toActivity', () => {
  it('recomputes the total and each property total in dollars', () => {
    expect(toActivity('water', { cups: 3, fruit: 1 })).toEqual({
      activity_type: 'water',
      total: 2,
      properties: [
        { property_key: 'cups', property_value: 3, property_total: 1.5 },
        { property_key: 'fruit', property_value: 1, property_total: 0.5 },
      ],
    });
  });

  it('lists properties in the category key order, whatever order they were given in', () => {
    const activity = toActivity('food', { red: 1, green: 2, yellow: 0 });
    expect(activity.properties.map((p) => p.property_key)).toEqual(['green', 'yellow', 'red']);
    expect(activity.total).toBe(0);
  });

  it('clamps the total but not the property totals', () => {
    const activity = toActivity('sleep', { minutes: 600 });
    expect(activity.total).toBe(4);
    expect(activity.properties[0]?.property_total).toBe(5);
  });

  it('gives stress a negative total and a zero for an unset rating', () => {
    const activity = toActivity('stress', { people: 5, money: 0, personal: 1 });
    expect(activity.total).toBe(-1);
    expect(activity.properties.map((p) => p.property_total)).toEqual([-1, 0, 0]);
    expect(Object.is(activity.properties[1]?.property_total, -0)).toBe(false);
  });

  it('counts a used piggy bank as $4 of fitness, clamped at $6', () => {
    expect(toActivity('fitness', { vigorous_duration: 4, piggy_bank: 1 }).total).toBe(5);
    expect(toActivity('fitness', { vigorous_duration: 40, piggy_bank: 1 }).total).toBe(6);
  });

  it('produces what the response schema reads', () => {
    const activity = toActivity('cleanliness', { teeth: 2, body: 1, floss: 1 });
    expect(activitySchema.parse(activity)).toEqual(activity);
  });
});

describe('piggyBanksSchema', () => {
  it('reads a list of {id, earned_on}', () => {
    const list = [{ id: 3, earned_on: '2026-11-02' }];
    expect(piggyBanksSchema.parse(list)).toEqual(list);
  });
});

describe('activity messages', () => {
  it('points a caller of "hygiene" to "cleanliness"', () => {
    expect(unknownActivityTypeMessage('hygiene')).toContain('"cleanliness"');
    expect(unknownActivityTypeMessage('dance')).toBe('Unknown activity type "dance"');
  });
  it('names both types when the body disagrees with the address', () => {
    expect(activityTypeMismatchMessage('sleep', 'water')).toBe(
      'activity_type "sleep" does not match the address (water)',
    );
  });
});
