import {
  rolloverQuerySchema,
  yearEndRolloverResultSchema,
  yearEndRolloverSchema,
} from '@wellbank/domain';
import type { App, AppContext } from '../../http/context.ts';
import { responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireSchoolRole } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { planRollover, runRollover } from './year-end-rollover.service.ts';

export function yearEndRolloverRoutes(app: App, context: AppContext) {
  const { db, now } = context;

  app.post(
    '/schools/:id/year-end-rollovers',
    {
      onRequest: createAuthenticate(context),
      schema: {
        description:
          'Admins (decision 0069): closes the active interval (close_interval_id, null when none ' +
          'is active), moves students up a grade, the last grade leaves (deleted now or after ' +
          'the grace period), teams keep or reset their names, and the next interval opens ' +
          'active, in one transaction. dry_run=true answers 200 with what would happen and ' +
          'writes nothing; a run answers 201, a second run of the same review 409.',
        params: idParams,
        querystring: rolloverQuerySchema,
        body: yearEndRolloverSchema,
        response: responses({ 200: yearEndRolloverResultSchema, 201: yearEndRolloverResultSchema }),
        security: [{ bearerAuth: [] }],
      },
    },
    async (request, reply) => {
      const schoolId = request.params.id;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      const options = { schoolId, input: request.body, now: now() };
      if (request.query.dry_run === 'true') return planRollover(db, options);
      return reply.status(201).send(await runRollover(db, auditActor(request), options));
    },
  );
}
