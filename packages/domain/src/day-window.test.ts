import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import { DAY_REFUSAL_MESSAGES, isEditableDay, requestedDay } from './day-window.ts';
import { MESSAGES } from './messages.ts';

const TODAY = '2026-03-08';

describe('isEditableDay', () => {
  it('opens today and yesterday only', () => {
    expect(isEditableDay(TODAY, TODAY)).toBe(true);
    expect(isEditableDay('2026-03-07', TODAY)).toBe(true);
    expect(isEditableDay('2026-03-06', TODAY)).toBe(false);
    expect(isEditableDay('2026-03-09', TODAY)).toBe(false);
  });

  it('crosses months and years by the calendar', () => {
    expect(isEditableDay('2026-12-31', '2027-01-01')).toBe(true);
    expect(isEditableDay('2024-02-29', '2024-03-01')).toBe(true);
    expect(isEditableDay('2024-02-28', '2024-03-01')).toBe(false);
  });

  it('is true for exactly two days around any today', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: -5, max: 5 }),
        (shift, offset) => {
          const today = addDays(TODAY, shift);
          expect(isEditableDay(addDays(today, offset), today)).toBe(offset === 0 || offset === -1);
        },
      ),
    );
  });
});

describe('requestedDay', () => {
  it('is today when no date is given, for reads and edits', () => {
    expect(requestedDay(undefined, TODAY, 'edit')).toEqual({ day: TODAY });
    expect(requestedDay(undefined, TODAY, 'read')).toEqual({ day: TODAY });
  });

  it.each(['2026-3-8', '2026-02-30', '08/03/2026', '', '2026-03-08T00:00:00Z', ' 2026-03-08'])(
    'calls %o malformed',
    (date) => {
      expect(requestedDay(date, TODAY, 'edit')).toEqual({ refusal: 'malformed' });
      expect(requestedDay(date, TODAY, 'read')).toEqual({ refusal: 'malformed' });
    },
  );

  it('lets an edit name yesterday but not the day before or tomorrow', () => {
    expect(requestedDay('2026-03-07', TODAY, 'edit')).toEqual({ day: '2026-03-07' });
    expect(requestedDay('2026-03-06', TODAY, 'edit')).toEqual({ refusal: 'notEditable' });
    expect(requestedDay('2026-03-09', TODAY, 'edit')).toEqual({ refusal: 'notEditable' });
  });

  it('lets a read name any past day but not a future one', () => {
    expect(requestedDay('2019-01-01', TODAY, 'read')).toEqual({ day: '2019-01-01' });
    expect(requestedDay('2026-03-09', TODAY, 'read')).toEqual({ refusal: 'future' });
  });

  it('has a sentence for every refusal', () => {
    expect(DAY_REFUSAL_MESSAGES.notEditable).toBe(MESSAGES.dayNotEditable);
    expect(DAY_REFUSAL_MESSAGES.notEditable).toBe('Only today and yesterday can be changed.');
    expect(Object.values(DAY_REFUSAL_MESSAGES).every((m) => m.length > 10)).toBe(true);
  });
});
