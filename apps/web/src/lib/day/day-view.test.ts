import { ACTIVITY_TYPES, type Activity, toActivity } from '@wellbank/domain';
import { describe, expect, it } from 'vitest';
import { dashboardDay, entryPagePath } from './day-view';

const calm = { people: 1, money: 1, personal: 1, clock: 1, health: 1 };

describe('dashboardDay', () => {
  it('shows a grey, empty day before anything is logged, every category in menu order', () => {
    const day = dashboardDay([], true);
    expect(day.theme).toBe('grey');
    expect([day.balance, day.energy, day.stress, day.food]).toEqual([0, 0, 0, 0]);
    expect(day.foodLogged).toBe(false);
    expect(day.menu.done.size).toBe(0);
    expect(day.menu.dayComplete).toBe(false);
    expect(day.types).toEqual([
      'stress',
      'sleep',
      'water',
      'fitness',
      'food',
      'rest',
      'sunshine',
      'cleanliness',
    ]);
  });

  it('subtracts stress from the energy earned and colours the day by the balance', () => {
    // Sleep 9:00 earns $4.00; stress rated 3 for people costs $0.50: a balance of $3.50.
    const day = dashboardDay(
      [toActivity('sleep', { minutes: 540 }), toActivity('stress', { people: 3 })],
      true,
    );
    expect(day.energy).toBe(400);
    expect(day.stress).toBe(-50);
    expect(day.balance).toBe(350);
    expect(day.theme).toBe('dark_green');
  });

  it('marks stress done only once all five ratings are set, and lists the rated ones', () => {
    const partly = dashboardDay([toActivity('stress', { people: 2, clock: 4 })], true);
    expect(partly.menu.done.has('stress')).toBe(false);
    expect([...partly.menu.ratedStress]).toEqual(['people', 'clock']);
    // Ratings 2 and 4 cost $0.25 + $0.75: a balance of −$1.00 is light red.
    expect(partly.stress).toBe(-100);
    expect(partly.theme).toBe('light_red');

    const rated = dashboardDay([toActivity('stress', calm)], true);
    expect(rated.menu.done.has('stress')).toBe(true);
    expect(rated.menu.ratedStress.size).toBe(5);
  });

  it('reads the food circle from the food total, and a day as complete with all eight', () => {
    const food = toActivity('food', { green: 3 });
    expect(dashboardDay([food], true).foodLogged).toBe(true);
    expect(dashboardDay([food], true).food).toBe(75);

    const all = ACTIVITY_TYPES.map((type) =>
      toActivity(type, type === 'stress' ? calm : { duration: 10, teeth: 1, green: 1, cups: 1 }),
    );
    expect(dashboardDay(all, true).menu.dayComplete).toBe(true);
    expect(
      dashboardDay(
        all.filter((a) => a.activity_type !== 'rest'),
        true,
      ).menu.dayComplete,
    ).toBe(false);
  });

  it('with the stress check-in off, shows no stress and completes the day with the 7 others', () => {
    const seven = ACTIVITY_TYPES.filter((type) => type !== 'stress').map((type) =>
      toActivity(type, { duration: 10, teeth: 1, green: 1, cups: 1 }),
    );
    // A rating made before the school turned it off counts in nothing.
    const day = dashboardDay([...seven, toActivity('stress', { people: 5 })], false);
    expect(day.menu.dayComplete).toBe(true);
    expect(day.menu.stressCheckIn).toBe(false);
    expect(day.types).not.toContain('stress');
    expect(day.stress).toBe(0);
    expect(day.balance).toBe(day.energy);
    expect(dashboardDay(seven, true).menu.dayComplete).toBe(false);
  });

  it('adds a category this page does not know after the known ones', () => {
    const unknown = { activity_type: 'gratitude', total: 1, properties: [] } as unknown as Activity;
    const day = dashboardDay([unknown], true);
    expect(day.types.at(-1)).toBe('gratitude');
    expect(day.byType.get('gratitude')).toBe(unknown);
  });

  it('links each category to its entry page, stress to its first page', () => {
    expect(entryPagePath('cleanliness')).toBe('/activities/hygiene');
    expect(entryPagePath('sleep')).toBe('/activities/sleep');
    expect(entryPagePath('stress')).toBe('/stress/people');
    expect(entryPagePath('gratitude')).toBeUndefined();
  });
});
