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

// A Wednesday: Monday is the last closed day, so the window is the four weeks up to Sunday 22nd.
const TODAY = '2026-11-25';
const LAST_SUNDAY = '2026-11-22';

describe('insightsWindow', () => {
  it('covers the last four whole weeks whose days are all closed, Monday to Sunday', () => {
    const window = insightsWindow(TODAY);
    expect(window.start).toBe('2026-10-26');
    expect(window.end).toBe(LAST_SUNDAY);
    expect(window.weeks.map((week) => [week.start, week.end])).toEqual([
      ['2026-10-26', '2026-11-01'],
      ['2026-11-02', '2026-11-08'],
      ['2026-11-09', '2026-11-15'],
      ['2026-11-16', LAST_SUNDAY],
    ]);
  });

  it('takes in a week only once its Sunday has closed (two days later, on Tuesday)', () => {
    expect(insightsWindow('2026-11-23').end).toBe('2026-11-15'); // Monday: Sunday is editable
    expect(insightsWindow('2026-11-24').end).toBe(LAST_SUNDAY); // Tuesday: Sunday has closed
    expect(insightsWindow('2026-11-30').end).toBe(LAST_SUNDAY);
    expect(insightsWindow('2026-12-01').end).toBe('2026-11-29');
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
      days: [{ date: LAST_SUNDAY, students: 9 }],
      weeks: [
        { weekStart: '2026-11-16', students: 9, days: 9, energyCents: 900, colors: colors(6) },
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
      average_energy: null,
      colors: null,
      suppressed: SUPPRESSED_TOO_FEW,
    });
  });

  it('shows participation as a share of all students, days with nobody as 0', () => {
    const insights = shapeInsights({
      ...base,
      studentCount: 12,
      days: [{ date: LAST_SUNDAY, students: 5 }],
    });
    expect(insights.participation.at(-1)).toEqual({
      date: LAST_SUNDAY,
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
        { weekStart: '2026-11-09', students: 10, days: 30, energyCents: 4501, colors: colors(27) },
        { weekStart: '2026-11-16', students: 9, days: 20, energyCents: 100, colors: colors(17) },
      ],
      categories: [
        { weekStart: '2026-11-09', type: 'sleep', students: 10, entries: 3, totalCents: 1000 },
        { weekStart: '2026-11-09', type: 'water', students: 9, entries: 9, totalCents: 900 },
      ],
    });
    const [shown, suppressed] = insights.weeks.slice(-2);
    expect(shown).toMatchObject({
      start_date: '2026-11-09',
      end_date: '2026-11-15',
      students: 10,
      average_energy: 1.5,
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
    expect(suppressed).toMatchObject({ students: null, average_energy: null, colors: null });
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
