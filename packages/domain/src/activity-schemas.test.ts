import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES, PROPERTY_KEYS } from './activities.ts';
import {
  COUNTER_MAX,
  counterStep,
  isDurationKey,
  MINUTES_PER_DAY,
  propertyMax,
} from './activity-limits.ts';
import { activityBodySchema, parseActivityProperties } from './activity-schemas.ts';

function body(properties: unknown[]) {
  return { activity: { properties } };
}

function messages(input: unknown): string[] {
  const result = activityBodySchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('counterStep', () => {
  it('steps sleep by 30 minutes', () => {
    expect(counterStep('sleep', 'minutes')).toBe(30);
  });
  it('steps the other durations by 2 minutes', () => {
    expect(counterStep('rest', 'duration')).toBe(2);
    expect(counterStep('sunshine', 'duration')).toBe(2);
    expect(counterStep('fitness', 'vigorous_duration')).toBe(2);
    expect(counterStep('fitness', 'moderate_duration')).toBe(2);
  });
  it('steps every other counter by 1', () => {
    expect(counterStep('water', 'cups')).toBe(1);
    expect(counterStep('food', 'red')).toBe(1);
    expect(counterStep('cleanliness', 'floss')).toBe(1);
    expect(counterStep('stress', 'people')).toBe(1);
  });
});

describe('isDurationKey', () => {
  it('knows which keys count minutes', () => {
    expect(
      ['minutes', 'duration', 'vigorous_duration', 'moderate_duration'].every(isDurationKey),
    ).toBe(true);
    expect(isDurationKey('cups')).toBe(false);
    expect(isDurationKey('piggy_bank')).toBe(false);
  });
});

describe('propertyMax', () => {
  it('allows stress ratings up to 5 and one piggy bank', () => {
    expect(propertyMax('stress', 'health')).toBe(5);
    expect(propertyMax('fitness', 'piggy_bank')).toBe(1);
  });
  it('allows no more minutes than a day has, and a generous count of anything else', () => {
    expect(propertyMax('sleep', 'minutes')).toBe(MINUTES_PER_DAY);
    const sleep = (minutes: number) =>
      parseActivityProperties('sleep', [{ property_key: 'minutes', property_value: minutes }]);
    expect(sleep(24 * 60)).toEqual({ values: { minutes: 24 * 60 } });
    expect(sleep(24 * 60 + 1)).toEqual({ error: 'minutes must be at most 1440' });
    expect(propertyMax('water', 'cups')).toBe(COUNTER_MAX);
  });
});

describe('activityBodySchema', () => {
  it('accepts the SPEC §7 body with or without activity_type and total', () => {
    expect(messages(body([{ property_key: 'cups', property_value: 3 }]))).toEqual([]);
    expect(
      messages({
        activity: {
          activity_type: 'water',
          total: 1.5,
          properties: [{ property_key: 'cups', property_value: 3 }],
        },
      }),
    ).toEqual([]);
  });
  it('refuses a counter below 0', () => {
    expect(messages(body([{ property_key: 'cups', property_value: -1 }]))).toEqual([
      'Property values cannot be negative',
    ]);
  });
  it('refuses fractional values', () => {
    expect(messages(body([{ property_key: 'cups', property_value: 1.5 }]))).toEqual([
      'Property values must be whole numbers',
    ]);
  });
  it('refuses an unknown activity type', () => {
    expect(messages({ activity: { activity_type: 'hygiene', properties: [] } })).toHaveLength(1);
  });
});

describe('parseActivityProperties', () => {
  it('returns the values by key', () => {
    expect(
      parseActivityProperties('water', [
        { property_key: 'cups', property_value: 3 },
        { property_key: 'fruit', property_value: 0 },
      ]),
    ).toEqual({ values: { cups: 3, fruit: 0 } });
  });
  it('accepts every SPEC §3 key of every type', () => {
    for (const type of ACTIVITY_TYPES) {
      const properties = PROPERTY_KEYS[type].map((k) => ({ property_key: k, property_value: 1 }));
      expect(parseActivityProperties(type, properties)).toHaveProperty('values');
    }
  });
  it('refuses a key of another activity', () => {
    expect(
      parseActivityProperties('water', [{ property_key: 'minutes', property_value: 3 }]),
    ).toEqual({ error: 'Unknown property "minutes" for water' });
  });
  it('refuses a key listed twice', () => {
    expect(
      parseActivityProperties('water', [
        { property_key: 'cups', property_value: 1 },
        { property_key: 'cups', property_value: 2 },
      ]),
    ).toEqual({ error: 'Property "cups" is listed twice' });
  });
  it('refuses a stress rating above 5 and a second piggy bank', () => {
    expect(
      parseActivityProperties('stress', [{ property_key: 'money', property_value: 6 }]),
    ).toEqual({ error: 'money must be at most 5' });
    expect(
      parseActivityProperties('fitness', [{ property_key: 'piggy_bank', property_value: 2 }]),
    ).toEqual({ error: 'piggy_bank must be at most 1' });
  });
  it('allows a whole day of sleep but not more', () => {
    expect(
      parseActivityProperties('sleep', [{ property_key: 'minutes', property_value: 1440 }]),
    ).toEqual({ values: { minutes: 1440 } });
    expect(
      parseActivityProperties('sleep', [{ property_key: 'minutes', property_value: 1441 }]),
    ).toHaveProperty('error');
  });
  it('refuses more exercise minutes in total than a day has', () => {
    expect(
      parseActivityProperties('fitness', [
        { property_key: 'vigorous_duration', property_value: 720 },
        { property_key: 'moderate_duration', property_value: 721 },
      ]),
    ).toEqual({ error: 'A day has at most 1440 minutes of exercise' });
  });
});
