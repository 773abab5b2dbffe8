import { COORDINATOR_MESSAGES, MESSAGES, type SchoolUser } from '@wellbank/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { userRoles, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { findSchoolUser } from './school-users.service.ts';

/**
 * Makes a staff member of the school a coordinator (role admin) or takes it back (issue 35 §2,
 * docs/rules.md "Coordinators"). The school's row is locked first, then the person (the school
 * before its users, decision 0042), then the coordinators are counted: two coordinators taking
 * each other's role at once take turns, and the second sees the first's change, so a school
 * always keeps one. `for no key update` like the points' whole-school writers: it serialises
 * coordinator changes without waiting on every foreign-key check of the school.
 * The person's roles are read from the database on each request, so the change applies to their
 * next request; idempotent, logged only when something changed.
 */
export function setCoordinator(
  db: Db,
  actor: AuditActor,
  options: { schoolId: number; userId: number; coordinator: boolean },
): Promise<SchoolUser> {
  const { schoolId, userId, coordinator } = options;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from schools where id = ${schoolId} for no key update`);
    // The actor's roles were read before the lock: a coordinator removed meanwhile acts no more.
    if (!(await isCoordinator(tx, schoolId, actor.actorUserId))) {
      throw new AppError('forbidden', MESSAGES.forbidden);
    }
    const [target] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)))
      .for('update');
    if (!target) throw notFound();
    const before = await findSchoolUser(tx, schoolId, userId);
    const isStaff = before?.user_school_roles.some((r) => r.role.name === 'staff') ?? false;
    if (!before || !isStaff) {
      throw new AppError('unprocessable', COORDINATOR_MESSAGES.notStaff);
    }
    if (before.is_coordinator === coordinator) return before;
    if (coordinator) {
      await tx.insert(userRoles).values({ userId, role: 'admin' });
    } else {
      if ((await countCoordinators(tx, schoolId)) <= 1) {
        throw new AppError('conflict', COORDINATOR_MESSAGES.lastCoordinator);
      }
      await tx
        .delete(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')));
    }
    const action = coordinator ? 'coordinator.add' : 'coordinator.remove';
    await recordAudit(tx, { ...actor, action, target: { kind: 'user', id: userId } });
    const after = await findSchoolUser(tx, schoolId, userId);
    if (!after) throw new Error('coordinator vanished');
    return after;
  });
}

async function countCoordinators(db: Db, schoolId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from user_roles r join users u on u.id = r.user_id
      where u.school_id = ${schoolId} and r.role = 'admin'`,
  );
  return row?.count ?? 0;
}

async function isCoordinator(db: Db, schoolId: number, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u join user_roles r on r.user_id = u.id
      where u.id = ${userId} and u.school_id = ${schoolId} and r.role = 'admin'`,
  );
  return rows.length > 0;
}
