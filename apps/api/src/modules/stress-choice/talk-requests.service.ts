import { STRESS_CHOICE_MESSAGES, type TalkRequest } from '@wellbank/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { talkRequests, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { requireSchoolRole } from '../auth/access.ts';
import type { AuthUser } from '../auth/sessions.ts';
import { TALK_REQUEST_MAIL } from './talk-request-mail.job.ts';

/*
 * "I'd like to talk to someone" (decision 0073): a child asks their school's counsellors for a
 * talk from the stress pages. The request holds the child and the time, never a rating; the
 * counsellors (any number of staff the coordinator named) see the open ones and mark them handled.
 * Nobody else reads them: not the coordinator, the activity log or the school's export.
 */

/**
 * Sends the request: 409 while the child's earlier one is open (the partial unique index decides,
 * so two taps in parallel make one), while stress is off for them, or when the school has no
 * counsellor. The counsellors are mailed by a job enqueued in the same transaction.
 */
export function askForTalk(
  db: Db,
  options: { user: AuthUser; now: Date; jobs: Pick<JobQueue, 'send'> },
): Promise<{ asked_at: string }> {
  const { user, now } = options;
  return db.transaction(async (tx) => {
    const [state] = await queryRows<{ stress: boolean; counsellors: number }>(
      tx,
      sql`
      select s.stress_check_in and not u.stress_opted_out as stress,
        (select count(*)::int from users c where c.school_id = u.school_id and c.is_counsellor
          and c.is_staff) as counsellors
      from users u join schools s on s.id = u.school_id where u.id = ${user.id}`,
    );
    if (!state) throw notFound();
    if (!state.stress) throw new AppError('conflict', STRESS_CHOICE_MESSAGES.checkInOff);
    if (state.counsellors === 0) {
      throw new AppError('conflict', STRESS_CHOICE_MESSAGES.noCounsellor);
    }
    const [request] = await tx
      .insert(talkRequests)
      .values({ userId: user.id, schoolId: user.schoolId, askedAt: now })
      .onConflictDoNothing()
      .returning({ id: talkRequests.id });
    if (!request) throw new AppError('conflict', STRESS_CHOICE_MESSAGES.talkAlreadyAsked);
    await options.jobs.send(tx, TALK_REQUEST_MAIL, { requestId: request.id });
    return { asked_at: now.toISOString() };
  });
}

/** 403 for anyone but the school's staff whom the coordinator named counsellors. */
async function requireCounsellor(db: Db, user: AuthUser, schoolId: number): Promise<void> {
  requireSchoolRole(user, schoolId, 'staff');
  const [me] = await db
    .select({ isCounsellor: users.isCounsellor })
    .from(users)
    .where(eq(users.id, user.id));
  if (!me?.isCounsellor) throw new AppError('forbidden', STRESS_CHOICE_MESSAGES.notCounsellor);
}

/** The school's open requests, oldest first: who asked and when. */
export async function listOpenTalkRequests(
  db: Db,
  user: AuthUser,
  schoolId: number,
): Promise<TalkRequest[]> {
  await requireCounsellor(db, user, schoolId);
  const rows = await db
    .select({
      id: talkRequests.id,
      student_id: talkRequests.userId,
      first_name: users.firstName,
      last_name: users.lastName,
      askedAt: talkRequests.askedAt,
    })
    .from(talkRequests)
    .innerJoin(users, eq(users.id, talkRequests.userId))
    .where(and(eq(talkRequests.schoolId, schoolId), isNull(talkRequests.handledAt)))
    .orderBy(asc(talkRequests.id));
  return rows.map(({ askedAt, ...row }) => ({ ...row, asked_at: askedAt.toISOString() }));
}

/** A counsellor marks a request handled: 404 outside the school, 409 once it is handled. */
export async function markTalkRequestHandled(
  db: Db,
  options: { user: AuthUser; schoolId: number; requestId: number; now: Date },
): Promise<void> {
  const { user, schoolId, requestId } = options;
  await requireCounsellor(db, user, schoolId);
  const handled = await db
    .update(talkRequests)
    .set({ handledAt: options.now, handledBy: user.id })
    .where(
      and(
        eq(talkRequests.id, requestId),
        eq(talkRequests.schoolId, schoolId),
        isNull(talkRequests.handledAt),
      ),
    )
    .returning({ id: talkRequests.id });
  if (handled.length > 0) return;
  const [exists] = await db
    .select({ id: talkRequests.id })
    .from(talkRequests)
    .where(and(eq(talkRequests.id, requestId), eq(talkRequests.schoolId, schoolId)));
  if (!exists) throw notFound();
  throw new AppError('conflict', STRESS_CHOICE_MESSAGES.talkRequestGone);
}
