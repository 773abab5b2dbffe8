import {
  accountDeletionSchema,
  DELETION_MESSAGES,
  schoolDeletionResponseSchema,
  schoolDeletionSchema,
} from '@wellbank/domain';
import { z } from 'zod';
import { clientAddress } from '../../http/client-address.ts';
import type { App, AppContext } from '../../http/context.ts';
import { AppError, notFound, responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireOwnSchool, requireRole, requireSchoolRole } from '../auth/access.ts';
import { checkCurrentPassword } from '../auth/auth.service.ts';
import { ALLOW_WHILE_UNPAID, createAuthenticate, currentUser } from '../auth/authenticate.ts';
import type { AuthUser } from '../auth/sessions.ts';
import { ALLOW_WHILE_SCHOOL_CLOSED } from './closed-school.ts';
import { cancelSchoolDeletion, closeSchool } from './school-deletion.service.ts';
import { deleteAccount, findDeletionTarget } from './user-deletion.service.ts';

/** Deleting is open while a payment is due: nobody has to pay to leave. */
const DELETION_CONFIG = { ...ALLOW_WHILE_UNPAID, ...ALLOW_WHILE_SCHOOL_CLOSED } as const;

/** Issue 13 "Deletion" (decision 0022; who may delete whom: docs/rules.md). */
export function deletionRoutes(app: App, context: AppContext) {
  const { db, now } = context;
  const authenticate = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.delete(
    '/users/:id',
    {
      onRequest: authenticate,
      config: ALLOW_WHILE_UNPAID,
      schema: {
        description:
          'Deletes an account and everything it logged. Your own (an adult: not a student, not ' +
          "the school's coordinator) with `{password}`; a student or staff member of your school " +
          'when you are its admin, with no body.',
        params: idParams,
        body: accountDeletionSchema,
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const targetId = request.params.id;
      const target = await findDeletionTarget(db, targetId);
      if (!target) throw notFound();
      requireOwnSchool(caller, target.schoolId);
      if (targetId === caller.id) {
        await checkSelfDeletion(caller, request.body?.password, clientAddress(request));
      } else {
        requireRole(caller, 'admin');
        const removable = target.roles.every((role) => role === 'student' || role === 'staff');
        if (!removable || target.roles.length === 0) {
          throw new AppError('forbidden', DELETION_MESSAGES.onlyStudentsOrStaff);
        }
      }
      await deleteAccount(db, auditActor(request), targetId);
      return reply.status(204).send(null);
    },
  );

  /** Students are children: their school deletes them. The coordinator deletes the school. */
  async function checkSelfDeletion(
    caller: AuthUser,
    password: string | undefined,
    address: string,
  ) {
    if (caller.roles.includes('admin')) {
      throw new AppError('forbidden', DELETION_MESSAGES.coordinatorDeletesSchool);
    }
    const adult = caller.roles.some(
      (role) => role === 'staff' || role === 'community_member' || role === 'guardian',
    );
    if (!adult) throw new AppError('forbidden', DELETION_MESSAGES.studentCannotDeleteSelf);
    if (!password) throw new AppError('unprocessable', DELETION_MESSAGES.passwordRequired);
    // Outside the transaction, as for a password change: a wrong guess stays counted.
    await checkCurrentPassword(db, { userId: caller.id, password }, { address, now: now() });
  }

  app.delete(
    '/schools/:id',
    {
      onRequest: authenticate,
      config: DELETION_CONFIG,
      schema: {
        description:
          'Closes the school at once (only its admins can sign in, to export or cancel) and ' +
          'deletes everything of it after 30 days. `{code}` is the school code, typed as the ' +
          'confirmation. Admins of the school only; asking again keeps the first date.',
        params: idParams,
        body: schoolDeletionSchema,
        response: responses({ 200: schoolDeletionResponseSchema }),
        security,
      },
    },
    async (request) => {
      const schoolId = request.params.id;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      const { code } = request.body;
      const purgeAfter = await closeSchool(db, auditActor(request), {
        schoolId,
        code,
        now: now(),
        jobs: context.jobs,
      });
      return { purge_after: purgeAfter.toISOString() };
    },
  );

  app.delete(
    '/schools/:id/deletion',
    {
      onRequest: authenticate,
      config: DELETION_CONFIG,
      schema: {
        description:
          "Cancels the school's deletion during its grace period: it reopens for everyone. " +
          'Admins of the school only; with no deletion scheduled it changes nothing.',
        params: idParams,
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      const schoolId = request.params.id;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      await cancelSchoolDeletion(db, auditActor(request), schoolId);
      return reply.status(204).send(null);
    },
  );
}
