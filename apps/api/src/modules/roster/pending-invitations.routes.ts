import { pendingInvitationsSchema } from '@wellbank/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context.ts';
import { requestLanguage } from '../../http/error-language.ts';
import { responses } from '../../http/errors.ts';
import { idParams, pathId } from '../../http/params.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireSchoolRole } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { chargeRateLimits, RATE_LIMITS } from '../rate-limit/rate-limit.service.ts';
import {
  listPendingInvitations,
  resendInvitation,
  revokeInvitation,
} from './pending-invitations.ts';

const invitationParams = z.object({ schoolId: pathId, invitationId: pathId });

/** Pending invitations on Staff & students (issue 35 §2, decision 0030): the school's admins. */
export function pendingInvitationRoutes(app: App, context: AppContext) {
  const { db, now, jobs } = context;
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/schools/:id/invitations',
    {
      onRequest,
      schema: {
        description:
          'Admins: the pending invitations (not used, not expired), soonest to expire first, at ' +
          'most 500, with their total and the student places (pending student invitations take ' +
          'places).',
        params: idParams,
        response: responses({ 200: pendingInvitationsSchema }),
        security,
      },
    },
    (request) => {
      const schoolId = request.params.id;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      return listPendingInvitations(db, { schoolId, now: now() });
    },
  );

  app.post(
    '/schools/:schoolId/invitations/:invitationId/resend',
    {
      onRequest,
      schema: {
        description:
          'Admins: mails a pending invitation a new link; the old link stops working and the ' +
          'invitation expires 14 days from now. 404 when it is used, expired or revoked; 429 ' +
          'past 60 resends an hour per admin.',
        params: invitationParams,
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      const { schoolId, invitationId } = request.params;
      const user = currentUser(request);
      requireSchoolRole(user, schoolId, 'admin');
      const charge = { limit: RATE_LIMITS.invitationResendPerActor, subject: String(user.id) };
      await chargeRateLimits(db, [charge], now());
      await resendInvitation(db, auditActor(request), {
        schoolId,
        invitationId,
        now: now(),
        language: requestLanguage(request),
        jobs,
      });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/schools/:schoolId/invitations/:invitationId',
    {
      onRequest,
      schema: {
        description:
          'Admins: revokes a pending invitation: it is deleted and its link says invalid. 404 ' +
          'when it is used, expired or already revoked.',
        params: invitationParams,
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      const { schoolId, invitationId } = request.params;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      await revokeInvitation(db, auditActor(request), { schoolId, invitationId, now: now() });
      return reply.status(204).send(null);
    },
  );
}
