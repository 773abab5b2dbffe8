import type { RetentionSettings } from '@wellbank/domain';
import { and, eq, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { deleteUser } from '../deletion/user-deletion.service.ts';
import { lockPersonsPoints } from '../points/point-locks.ts';
import { INACTIVITY_NOTICE_MAIL } from './inactivity-notice-mail.job.ts';
import { DAY_MS, monthsBefore } from './retention-dates.ts';

/**
 * A school's coordinator is deleted with the school, never alone (docs/rules.md): an inactive
 * coordinator is neither noticed nor deleted, so the school keeps someone to manage or delete it.
 */
const NOT_A_COORDINATOR = sql`not exists (select 1 from user_roles r
  where r.user_id = ${users.id} and r.role = 'admin')`;

/**
 * Marks the accounts that will be deleted in `noticeDays` if nobody signs in, and enqueues the
 * notice e-mail of the adults among them (students are not e-mailed: they may be under 13). One
 * statement marks them, in the transaction that enqueues their mail, so a notice is sent once.
 * An account seen again after its notice is marked again when it next falls inactive.
 */
export async function noticeInactiveAccounts(
  db: Db,
  jobs: Pick<JobQueue, 'send'>,
  now: Date,
  settings: RetentionSettings,
): Promise<{ noticed: number; mailed: number }> {
  const noticeBefore = new Date(
    monthsBefore(now, settings.inactiveMonths).getTime() + settings.noticeDays * DAY_MS,
  );
  return db.transaction(async (tx) => {
    const noticed = await tx
      .update(users)
      .set({ inactivityNoticeAt: now })
      .where(
        and(
          lt(users.lastSeenAt, noticeBefore),
          NOT_A_COORDINATOR,
          sql`(${users.inactivityNoticeAt} is null or ${users.inactivityNoticeAt} < ${users.lastSeenAt})`,
        ),
      )
      .returning({ id: users.id, isStudent: users.isStudent });
    const adults = noticed.filter((user) => !user.isStudent);
    for (const { id } of adults) await jobs.send(tx, INACTIVITY_NOTICE_MAIL, { userId: id });
    return { noticed: noticed.length, mailed: adults.length };
  });
}

/**
 * Deletes accounts unseen for `inactiveMonths` whose notice went out at least `noticeDays` ago
 * and who have not been seen since. Each in its own transaction, re-checked under the row's lock,
 * so a sign-in at the same moment keeps the account.
 */
export async function deleteInactiveAccounts(
  db: Db,
  now: Date,
  settings: RetentionSettings,
): Promise<number> {
  const unseenSince = monthsBefore(now, settings.inactiveMonths);
  const noticedBy = new Date(now.getTime() - settings.noticeDays * DAY_MS);
  const due = and(
    lt(users.lastSeenAt, unseenSince),
    NOT_A_COORDINATOR,
    isNotNull(users.inactivityNoticeAt),
    lte(users.inactivityNoticeAt, noticedBy),
    gte(users.inactivityNoticeAt, users.lastSeenAt),
  );
  const candidates = await db.select({ id: users.id }).from(users).where(due);
  let deleted = 0;
  for (const { id } of candidates) {
    deleted += await db.transaction(async (tx) => {
      // Locked as their deletion locks them (the school, then the user: decision 0042), then
      // checked again: they may have come back since.
      if (!(await lockPersonsPoints(tx, id))) return 0;
      const [still] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), due));
      if (!still) return 0;
      await deleteUser(tx, id);
      return 1;
    });
  }
  return deleted;
}
