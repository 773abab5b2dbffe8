import { describe, expect, it } from 'vitest';
import type { ColorCount } from './colors.ts';
import {
  dayCategoryCents,
  INSIGHT_CATEGORIES,
  INSIGHTS_DAYS,
  insightsWindow,
  MIN_INSIGHT_GROUP,
  SUPPRESSED_TOO_FEW,
  shapeInsights,
  weekStartOf,
} from './insights.ts';

const colors = (dark_green: number): ColorCount => ({
  dark_red: 1,
  light_red: 0,
  yellow: 2,
  light_green: 0,
  dark_green,
});

// A Wednesday: the window starts on Tuesday 2026-10-27 and has six weeks, the first and last cut.
const TODAY = '2026-11-25';

describe('insightsWindow', () => {
  it('covers the last 30 days, today included, in Monday-to-Sunday weeks clipped to them', () => {
    const window = insightsWindow(TODAY);
    expect(window.start).toBe('2026-10-27');
    expect(window.end).toBe(TODAY);
    expect(window.weeks[0]).toEqual({
      monday: '2026-10-26',
      start: '2026-10-27',
      end: '2026-11-01',
    });
    expect(window.weeks.at(-1)).toEqual({ monday: '2026-11-23', start: '2026-11-23', end: TODAY });
    expect(window.weeks).toHaveLength(5);
  });

  it('finds the Monday of any day', () => {
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23');
  });
});

describe('shapeInsights', () => {
  const base = { today: TODAY, days: [], weeks: [], categories: [] };

  it('suppresses every figure of a school with fewer than 10 students', () => {
    const insights = shapeInsights({
      ...base,
      studentCount: MIN_INSIGHT_GROUP - 1,
      days: [{ date: TODAY, students: 9 }],
      weeks: [
        { weekStart: '2026-11-23', students: 9, days: 9, balanceCents: 900, colors: colors(6) },
      ],
    });
    expect(insights.participation).toHaveLength(INSIGHTS_DAYS);
    for (const day of insights.participation) {
      expect(day).toMatchObject({
        students_logged: null,
        share: null,
        suppressed: SUPPRESSED_TOO_FEW,
      });
    }
    expect(insights.weeks.at(-1)).toMatchObject({
      students: null,
      average_balance: null,
      colors: null,
      suppressed: SUPPRESSED_TOO_FEW,
    });
  });

  it('shows participation as a share of all students, days with nobody as 0', () => {
    const insights = shapeInsights({
      ...base,
      studentCount: 12,
      days: [{ date: TODAY, students: 5 }],
    });
    expect(insights.participation.at(-1)).toEqual({
      date: TODAY,
      students_logged: 5,
      share: 0.417,
      suppressed: null,
    });
    expect(insights.participation[0]).toMatchObject({ students_logged: 0, share: 0 });
  });

  it('shows a week of 10 students and suppresses one of 9, category by category too', () => {
    const insights = shapeInsights({
      ...base,
      studentCount: 40,
      weeks: [
        { weekStart: '2026-11-16', students: 10, days: 30, balanceCents: 4501, colors: colors(27) },
        { weekStart: '2026-11-23', students: 9, days: 20, balanceCents: 100, colors: colors(17) },
      ],
      categories: [
        { weekStart: '2026-11-16', type: 'sleep', students: 10, entries: 3, totalCents: 1000 },
        { weekStart: '2026-11-16', type: 'water', students: 9, entries: 9, totalCents: 900 },
      ],
    });
    const [shown, suppressed] = insights.weeks.slice(-2);
    expect(shown).toMatchObject({
      start_date: '2026-11-16',
      end_date: '2026-11-22',
      students: 10,
      average_balance: 1.5,
      colors: colors(27),
      suppressed: null,
    });
    expect(shown?.categories.map((c) => c.activity_type)).toEqual(INSIGHT_CATEGORIES);
    expect(shown?.categories[0]).toEqual({
      activity_type: 'sleep',
      average: 3.33,
      suppressed: null,
    });
    expect(shown?.categories.find((c) => c.activity_type === 'water')).toEqual({
      activity_type: 'water',
      average: null,
      suppressed: SUPPRESSED_TOO_FEW,
    });
    expect(suppressed).toMatchObject({ students: null, average_balance: null, colors: null });
  });

  it('never has a stress category', () => {
    const insights = shapeInsights({ ...base, studentCount: 50 });
    for (const week of insights.weeks) {
      expect(week.categories.map((c) => c.activity_type)).not.toContain('stress');
    }
  });
});

describe('dayCategoryCents', () => {
  it("keeps each category's day total but never stress's", () => {
    expect(
      dayCategoryCents([
        { activity_type: 'sleep', total_cents: 400 },
        { activity_type: 'food', total_cents: -150 },
        { activity_type: 'stress', total_cents: -75 },
      ]),
    ).toEqual({ sleep: 400, food: -150 });
  });
});
