import type { RetentionSettings } from '@wellbank/domain';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The same instant `months` calendar months earlier (UTC). */
export function monthsBefore(instant: Date, months: number): Date {
  const earlier = new Date(instant);
  earlier.setUTCMonth(earlier.getUTCMonth() - months);
  return earlier;
}

/** When an account unseen since `lastSeenAt` and noticed at `noticeAt` may be deleted. */
export function deletionDate(lastSeenAt: Date, noticeAt: Date, settings: RetentionSettings): Date {
  const byAbsence = monthsBefore(lastSeenAt, -settings.inactiveMonths);
  const byNotice = new Date(noticeAt.getTime() + settings.noticeDays * DAY_MS);
  return byAbsence > byNotice ? byAbsence : byNotice;
}
