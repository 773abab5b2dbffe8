import { MESSAGES, type RoleName } from '@wellbank/domain';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuthUser } from './sessions.ts';

/**
 * Scope first, role second (DESIGN.md §2): another school's id is "not found" whatever the
 * caller's role, so ids cannot be probed; inside their own school the wrong role is 403.
 */
export function requireOwnSchool(user: AuthUser, schoolId: number): void {
  if (user.schoolId !== schoolId) throw notFound();
}

export function requireRole(user: AuthUser, role: RoleName): void {
  if (!user.roles.includes(role)) throw new AppError('forbidden', MESSAGES.forbidden);
}

export function requireSchoolRole(user: AuthUser, schoolId: number, role: RoleName): void {
  requireOwnSchool(user, schoolId);
  requireRole(user, role);
}

/** A route about one's own account: another person's id is "not found", as for GET /users/{id}. */
export function requireSelf(user: AuthUser, userId: number): AuthUser {
  if (user.id !== userId) throw notFound();
  return user;
}
