import { auditLogPath, auditLogQuerySchema, auditLogSchema } from '@wellbank/domain';
import type { App, AppContext } from '../../http/context.ts';
import { responses } from '../../http/errors.ts';
import { sendPage } from '../../http/paged-reply.ts';
import { idParams } from '../../http/params.ts';
import { requireSchoolRole } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { listAuditPage } from './audit-log.service.ts';

/** The activity log, for the school's admins only (issue 13 §7). There is no route that writes it. */
export function auditLogRoutes(app: App, context: AppContext) {
  const { db } = context;
  app.get(
    '/schools/:id/audit-log',
    {
      onRequest: createAuthenticate(context),
      schema: {
        description:
          "The school's activity log for its admins, newest first: who did what, when and from " +
          'where. One page: X-Total-Count, the number of entries; Link: <…>; rel="next", the next ' +
          'page, absent on the last one.',
        params: idParams,
        querystring: auditLogQuerySchema,
        response: responses({ 200: auditLogSchema }),
        security: [{ bearerAuth: [] }],
      },
    },
    async (request, reply) => {
      const schoolId = request.params.id;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      const page = await listAuditPage(db, { schoolId, query: request.query });
      const { limit } = request.query;
      const next =
        page.nextCursor && app.prefix + auditLogPath({ schoolId, limit, cursor: page.nextCursor });
      return sendPage(reply, { rows: page.rows, total: page.total, next });
    },
  );
}
