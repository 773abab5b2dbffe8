import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activityTotalCents, earnsPiggyBank } from './activities.ts';
import { fitnessEarning } from './earning-rules.ts';
import {
  type PiggyBankChange,
  type PiggyBankDay,
  piggyBankChanges,
  savingsAddNothing,
} from './piggy-banks.ts';

/** A piggy bank as the database keeps it, days as numbers. */
interface Bank {
  earnedOn: number;
  spentOn: number | null;
}

/** The day's piggy banks as the write reads them before it changes anything. */
function dayOf(banks: readonly Bank[], today: number): PiggyBankDay {
  return {
    spentToday: banks.some((bank) => bank.spentOn === today),
    earnedToday: banks.some((bank) => bank.earnedOn === today),
  };
}

/**
 * Carries the changes out as the API's statements do (activities/day-statements.ts): `undefined`
 * when a spend finds no piggy bank from an earlier day, the 422 whose transaction writes nothing.
 */
function carryOut(banks: readonly Bank[], today: number, changes: PiggyBankChange[]) {
  let after = banks.map((bank) => ({ ...bank }));
  for (const change of changes) {
    if (change === 'spend') {
      const oldest = after
        .filter((bank) => bank.spentOn === null && bank.earnedOn < today)
        .sort((a, b) => a.earnedOn - b.earnedOn)[0];
      if (!oldest) return undefined;
      oldest.spentOn = today;
    } else if (change === 'giveBack') {
      for (const bank of after) if (bank.spentOn === today) bank.spentOn = null;
    } else if (change === 'earn') {
      after.push({ earnedOn: today, spentOn: null });
    } else {
      after = after.filter((bank) => bank.earnedOn !== today);
    }
  }
  return after;
}

const unspent = (banks: readonly Bank[]) => banks.filter((bank) => bank.spentOn === null).length;

const fitnessValues = fc.record({
  vigorous_duration: fc.integer({ min: 0, max: 60 }),
  moderate_duration: fc.integer({ min: 0, max: 240 }),
  piggy_bank: fc.constantFrom(0, 1),
});

/** Fitness saves of one user: each on the same day as the one before or a later one. */
const saves = fc.array(
  fc.record({ daysLater: fc.constantFrom(0, 0, 1, 2), values: fitnessValues }),
  {
    maxLength: 30,
  },
);

describe('piggyBankChanges', () => {
  it('spends, gives back, earns and drops as the values and the day ask', () => {
    const day = (spentToday: boolean, earnedToday: boolean) => ({ spentToday, earnedToday });
    const plain = { vigorous_duration: 10 };
    const earning = { vigorous_duration: 32 };
    expect(piggyBankChanges(plain, day(false, false))).toEqual([]);
    expect(piggyBankChanges({ ...plain, piggy_bank: 1 }, day(false, false))).toEqual(['spend']);
    expect(piggyBankChanges({ ...plain, piggy_bank: 1 }, day(true, false))).toEqual([]);
    expect(piggyBankChanges({ ...plain, piggy_bank: 0 }, day(true, false))).toEqual(['giveBack']);
    expect(piggyBankChanges(earning, day(false, false))).toEqual(['earn']);
    expect(piggyBankChanges(earning, day(false, true))).toEqual([]);
    expect(piggyBankChanges(plain, day(false, true))).toEqual(['drop']);
    expect(piggyBankChanges({ ...earning, piggy_bank: 1 }, day(false, false))).toEqual([
      'spend',
      'earn',
    ]);
    expect(piggyBankChanges(plain, day(true, true))).toEqual(['giveBack', 'drop']);
  });

  it('leaves the day as the values say: one spent while piggy_bank is set, one earned at $8 of exercise', () => {
    fc.assert(
      fc.property(fitnessValues, fc.boolean(), fc.boolean(), (values, spentToday, earnedToday) => {
        const today = 10;
        const banks: Bank[] = [{ earnedOn: 3, spentOn: null }];
        if (spentToday) banks.push({ earnedOn: 2, spentOn: today });
        if (earnedToday) banks.push({ earnedOn: today, spentOn: null });
        const after = carryOut(banks, today, piggyBankChanges(values, { spentToday, earnedToday }));
        expect(after).toBeDefined();
        expect(dayOf(after ?? [], today)).toEqual({
          spentToday: (values.piggy_bank ?? 0) > 0,
          earnedToday: earnsPiggyBank(values),
        });
      }),
    );
  });

  it('keeps every saving sound over any run of saves', () => {
    fc.assert(
      fc.property(saves, (run) => {
        let banks: Bank[] = [];
        let today = 0;
        for (const { daysLater, values } of run) {
          today += daysLater;
          const changes = piggyBankChanges(values, dayOf(banks, today));
          const after = carryOut(banks, today, changes);
          if (after === undefined) {
            // Refused only for want of savings: nothing to spend from an earlier day.
            expect(changes).toContain('spend');
            expect(banks.some((bank) => bank.spentOn === null && bank.earnedOn < today)).toBe(
              false,
            );
            continue;
          }
          // Money is conserved: savings move only by what was earned, dropped, spent or given back.
          const count = (change: PiggyBankChange) => changes.filter((c) => c === change).length;
          expect(unspent(after) - unspent(banks)).toBe(
            count('earn') - count('drop') - count('spend') + count('giveBack'),
          );
          // Other days' piggy banks are neither made nor lost.
          const earnedOtherDays = (list: Bank[]) =>
            list.filter((bank) => bank.earnedOn !== today).length;
          expect(earnedOtherDays(after)).toBe(earnedOtherDays(banks));
          // A piggy bank is spent once, on a day after the one that earned it; one a day.
          for (const bank of after) {
            if (bank.spentOn !== null) expect(bank.spentOn).toBeGreaterThan(bank.earnedOn);
          }
          const perDay = (days: (number | null)[]) =>
            new Set(days.filter((d) => d !== null)).size === days.filter((d) => d !== null).length;
          expect(perDay(after.map((bank) => bank.spentOn))).toBe(true);
          expect(perDay(after.map((bank) => bank.earnedOn))).toBe(true);
          expect(dayOf(after, today)).toEqual({
            spentToday: (values.piggy_bank ?? 0) > 0,
            earnedToday: earnsPiggyBank(values),
          });
          // Saving the same values again changes nothing.
          expect(piggyBankChanges(values, dayOf(after, today))).toEqual([]);
          banks = after;
        }
        expect(unspent(banks)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('savingsAddNothing', () => {
  it('is true once the exercise alone reaches the day’s most, false below it', () => {
    expect(savingsAddNothing({ vigorous_duration: 24 })).toBe(true);
    expect(savingsAddNothing({ vigorous_duration: 23 })).toBe(false);
    expect(savingsAddNothing({})).toBe(false);
  });

  it('holds exactly when the exercise alone earns fitness’s maximum', () => {
    const minutes = fc.integer({ min: 0, max: 600 });
    fc.assert(
      fc.property(minutes, minutes, (vigorous, moderate) => {
        const values = { vigorous_duration: vigorous, moderate_duration: moderate };
        const alone = activityTotalCents('fitness', values);
        expect(savingsAddNothing(values)).toBe(alone >= fitnessEarning().maxCents);
      }),
    );
  });
});
