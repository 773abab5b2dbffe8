import {
  classFieldsSchema,
  mySchoolSchema,
  type PointsListKind,
  pointsListPath,
  pointsListQuerySchema,
  pointsListSchema,
  SWITCHABLE_ROLES,
  schoolUserSchema,
  schoolUsersPath,
  schoolUsersQuerySchema,
  schoolUsersSchema,
} from '@wellbank/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context.ts';
import { responses } from '../../http/errors.ts';
import { sendPage } from '../../http/paged-reply.ts';
import { idParams, pathId } from '../../http/params.ts';
import { auditActor, recordAudit } from '../audit-log/audit-log.ts';
import { requireSchoolRole } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import type { PeoplePage } from './people-page.ts';
import { listPointsPage } from './points-lists.service.ts';
import {
  findMySchool,
  listSchoolUsersPage,
  setClassFields,
  switchRole,
} from './school-users.service.ts';

const POINTS_LIST_KINDS: readonly PointsListKind[] = ['staff', 'students'];

const HEADERS =
  'Headers: X-Total-Count, the number of people in the whole ' +
  'list; Link: <…>; rel="next", the URL of the next page (the same sort, order and limit and a ' +
  'cursor), absent on the last page.';
const PAGING = `One page, in the asked order. ${HEADERS}`;

/** Staff points (admins) and Student points (staff): DESIGN.md §1.5, SPEC.md §9 Lists. */
const POINTS_LIST_DESCRIPTIONS: Record<PointsListKind, string> = {
  staff: `Every staff member of the school, for its admins. ${PAGING}`,
  students: `The school's active students (a day logged in the active interval), for its staff. ${PAGING}`,
};

const userParams = z.object({ schoolId: pathId, userId: pathId });

const roleSwitchParams = z.object({
  schoolId: pathId,
  userId: pathId,
  role: z.enum(SWITCHABLE_ROLES),
});

export function schoolUsersRoutes(app: App, context: AppContext) {
  const { db } = context;
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];
  /** A page of a people list; `pathOf` makes the next page's path from its cursor. */
  const sendPeoplePage = <T>(
    reply: FastifyReply,
    page: PeoplePage<T>,
    pathOf: (cursor: string) => string,
  ) => {
    const next = page.nextCursor && app.prefix + pathOf(page.nextCursor);
    return sendPage(reply, { rows: page.rows, total: page.total, next });
  };

  app.get(
    '/schools/me',
    { onRequest, schema: { response: responses({ 200: mySchoolSchema }), security } },
    (request) => findMySchool(db, currentUser(request).schoolId),
  );

  app.get(
    '/schools/:id/users',
    {
      onRequest,
      schema: {
        description:
          'The staff and students of the school with their team size, for its admins, by first ' +
          `name, last name and id. One page: ${HEADERS}`,
        params: idParams,
        querystring: schoolUsersQuerySchema,
        response: responses({ 200: schoolUsersSchema }),
        security,
      },
    },
    async (request, reply) => {
      const schoolId = request.params.id;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      const page = await listSchoolUsersPage(db, { schoolId, query: request.query });
      await recordAudit(db, { ...auditActor(request), action: 'view.school_users' });
      const { limit } = request.query;
      return sendPeoplePage(reply, page, (cursor) => schoolUsersPath({ schoolId, limit, cursor }));
    },
  );

  for (const kind of POINTS_LIST_KINDS) {
    app.get(
      `/schools/:id/${kind}`,
      {
        onRequest,
        schema: {
          description: POINTS_LIST_DESCRIPTIONS[kind],
          params: idParams,
          querystring: pointsListQuerySchema,
          response: responses({ 200: pointsListSchema }),
          security,
        },
      },
      async (request, reply) => {
        const schoolId = request.params.id;
        requireSchoolRole(currentUser(request), schoolId, kind === 'staff' ? 'admin' : 'staff');
        const page = await listPointsPage(db, { schoolId, kind, query: request.query });
        // Students' data seen by staff: one entry per page read (decision 0025).
        if (kind === 'students') {
          await recordAudit(db, { ...auditActor(request), action: 'view.student_points' });
        }
        const { sort: key, order: direction, limit, grade, homeroom } = request.query;
        const sort = { key, direction };
        const filter = { grade, homeroom };
        return sendPeoplePage(reply, page, (cursor) =>
          pointsListPath({ schoolId, kind, sort, filter, limit, cursor }),
        );
      },
    );
  }

  app.patch(
    '/schools/:schoolId/users/:userId',
    {
      onRequest,
      schema: {
        description: "Admins: set a staff member's or student's grade and homeroom (null clears).",
        params: userParams,
        body: classFieldsSchema,
        response: responses({ 200: schoolUserSchema }),
        security,
      },
    },
    (request) => {
      const { schoolId, userId } = request.params;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      return db.transaction(async (tx) => {
        const updated = await setClassFields(tx, { schoolId, userId, fields: request.body });
        await recordAudit(tx, {
          ...auditActor(request),
          action: 'user.class_update',
          target: { kind: 'user', id: userId },
        });
        return updated;
      });
    },
  );

  app.put(
    '/schools/:schoolId/users/:userId/roles/:role',
    {
      onRequest,
      schema: {
        params: roleSwitchParams,
        response: responses({ 200: schoolUserSchema }),
        security,
      },
    },
    (request) => {
      const admin = currentUser(request);
      const { schoolId, userId, role } = request.params;
      requireSchoolRole(admin, schoolId, 'admin');
      return db.transaction(async (tx) => {
        const switched = await switchRole(tx, { schoolId, userId, role, adminId: admin.id });
        const target = { kind: 'user', id: userId } as const;
        await recordAudit(tx, {
          ...auditActor(request),
          action: 'role.switch',
          target,
          detail: role,
        });
        return switched;
      });
    },
  );
}
