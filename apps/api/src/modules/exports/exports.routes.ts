import { schoolDate } from '@wellbank/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context.ts';
import { notFound, responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireSchoolRole } from '../auth/access.ts';
import { ALLOW_WHILE_UNPAID, createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { ALLOW_WHILE_SCHOOL_CLOSED } from '../deletion/closed-school.ts';
import { exportSchool, exportUser } from './exports.service.ts';
import { USER_EXPORT_FORMAT } from './user-export-sections.ts';

const userExportSchema = z
  .object({
    format: z.literal(USER_EXPORT_FORMAT.format),
    version: z.literal(USER_EXPORT_FORMAT.version),
    exported_at: z.string(),
  })
  .catchall(z.unknown());

/**
 * `attachment`, so a browser saves it; the name says whose data and when (decision 0021): the day
 * on the school's calendar, as every file name (docs/rules.md "Dates").
 */
function attachment(name: string): string {
  return `attachment; filename="${name}"`;
}

/**
 * A person's and a school's data, to take away (issue 13, decision 0021). Both stay open while
 * a payment is due: the data belongs to the person and the school whether or not the
 * subscription or donation is paid. Neither has a HEAD route: it would run the whole export.
 */
export function exportsRoutes(app: App, context: AppContext) {
  const { db, now } = context;
  const authenticate = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/users/:id/export',
    {
      onRequest: authenticate,
      config: ALLOW_WHILE_UNPAID,
      exposeHeadRoute: false,
      schema: { params: idParams, response: responses({ 200: userExportSchema }), security },
    },
    async (request, reply) => {
      // Only yourself, as GET /users/{id}: another person's id is "not found".
      const user = currentUser(request);
      if (request.params.id !== user.id) throw notFound();
      const at = now();
      const data = await exportUser(db, auditActor(request), at);
      reply.header(
        'content-disposition',
        attachment(`wellbank-my-data-${schoolDate(at, user.timeZone)}.json`),
      );
      return data;
    },
  );

  app.get(
    '/schools/:id/export',
    {
      onRequest: authenticate,
      // A closed school's admin can still take its data during the grace period (issue 13).
      config: { ...ALLOW_WHILE_UNPAID, ...ALLOW_WHILE_SCHOOL_CLOSED },
      exposeHeadRoute: false,
      schema: {
        params: idParams,
        response: responses({ 200: z.any().describe('application/zip') }),
        security,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireSchoolRole(user, request.params.id, 'admin');
      const schoolId = request.params.id;
      const at = now();
      const zip = await exportSchool(db, auditActor(request), { schoolId, now: at });
      const name = `wellbank-school-${schoolId}-${schoolDate(at, user.timeZone)}.zip`;
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(name))
        .send(zip);
    },
  );
}
