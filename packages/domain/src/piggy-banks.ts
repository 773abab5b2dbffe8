import { activityTotalCents, earnsPiggyBank, type PropertyValues } from './activities.ts';

/**
 * What a save of the day's fitness activity does to the user's piggy banks (DESIGN.md §1.3):
 * - `spend`: spend the oldest unspent piggy bank earned on an earlier day (none left: the save
 *   is refused with MESSAGES.noSavings and changes nothing);
 * - `giveBack`: return the piggy bank spent today to the savings;
 * - `earn`: store today's piggy bank;
 * - `drop`: remove today's piggy bank again (it cannot have been spent: only earlier days' can).
 */
export type PiggyBankChange = 'spend' | 'giveBack' | 'earn' | 'drop';

/** The user's piggy banks of the day being saved, as they were before the save. */
export interface PiggyBankDay {
  spentToday: boolean;
  earnedToday: boolean;
}

/**
 * The changes that make the day's piggy banks match the saved fitness values: one spent today
 * while `piggy_bank` is set ("Use savings"), one earned today while the exercise alone reaches
 * $8. Saving the same values again changes nothing, so a repeated or retried save is harmless.
 */
export function piggyBankChanges(values: PropertyValues, day: PiggyBankDay): PiggyBankChange[] {
  const changes: PiggyBankChange[] = [];
  const usesSavings = (values.piggy_bank ?? 0) > 0;
  if (usesSavings && !day.spentToday) changes.push('spend');
  if (!usesSavings && day.spentToday) changes.push('giveBack');
  const earns = earnsPiggyBank(values);
  if (earns && !day.earnedToday) changes.push('earn');
  if (!earns && day.earnedToday) changes.push('drop');
  return changes;
}

/**
 * Whether "Use savings" would add nothing to the day: the exercise alone already reaches
 * fitness's most a day can earn, so a piggy bank spent now is lost for another day (issue 35 §5).
 * The entry page asks first.
 */
export function savingsAddNothing(values: PropertyValues): boolean {
  return (
    activityTotalCents('fitness', { ...values, piggy_bank: 1 }) <=
    activityTotalCents('fitness', { ...values, piggy_bank: 0 })
  );
}
