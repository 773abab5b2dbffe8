import {
  classFieldsSchema,
  mySchoolSchema,
  type PointsListKind,
  pointsListCsvQuerySchema,
  pointsListPath,
  pointsListQuerySchema,
  pointsListSchema,
  SWITCHABLE_ROLES,
  schoolUserSchema,
  schoolUsersCsvQuerySchema,
  schoolUsersPath,
  schoolUsersQuerySchema,
  schoolUsersSchema,
} from '@wellbank/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context.ts';
import { responses } from '../../http/errors.ts';
import { sendPage } from '../../http/paged-reply.ts';
import { idParams, pathId } from '../../http/params.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireSchoolRole } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { setCoordinator } from './coordinators.service.ts';
import { allPages, localActivity, sendListCsv } from './people-csv.ts';
import type { PeoplePage } from './people-page.ts';
import { listPointsPage, viewPointsPage } from './points-lists.service.ts';
import {
  findMySchool,
  findSchoolForExport,
  listSchoolUsersPage,
  setClassFields,
  switchRole,
  viewSchoolUsersPage,
} from './school-users.service.ts';

const POINTS_LIST_KINDS: readonly PointsListKind[] = ['staff', 'students'];

const HEADERS =
  'Headers: X-Total-Count, the number of people in the whole ' +
  'list; Link: <…>; rel="next", the URL of the next page (the same sort, order and limit and a ' +
  'cursor), absent on the last page.';
const PAGING = `One page, in the asked order. ${HEADERS}`;

/** Staff points (admins) and Student points (staff): DESIGN.md §1.5, SPEC.md §9 Lists. */
/** Points as others see them: the school's closed days only (decision 0043). */
const CLOSED_POINTS = "Points count the school's closed days (up to the day before yesterday).";

const POINTS_LIST_DESCRIPTIONS: Record<PointsListKind, string> = {
  staff: `Every staff member of the school, for its admins. ${CLOSED_POINTS} ${PAGING}`,
  students: `The school's active students (a day logged in the active interval), for its staff. ${CLOSED_POINTS} ${PAGING}`,
};

const POINTS_LIST_CSV_DESCRIPTIONS: Record<PointsListKind, string> = {
  staff: 'Staff points, for admins.',
  students: 'Student points (active students), for staff.',
};

async function* mapRows<Row, Cells>(rows: AsyncIterable<Row>, cells: (row: Row) => Cells) {
  for await (const row of rows) yield cells(row);
}

const userParams = z.object({ schoolId: pathId, userId: pathId });

const roleSwitchParams = z.object({
  schoolId: pathId,
  userId: pathId,
  role: z.enum(SWITCHABLE_ROLES),
});

/** The CSV routes send a stream Fastify's serializer does not see: documented, not checked. */
const CSV_RESPONSE = responses({ 200: z.any().describe('text/csv; charset=utf-8, with a BOM') });

export function schoolUsersRoutes(app: App, context: AppContext) {
  const { db, now } = context;
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
    (request) => {
      const user = currentUser(request);
      return findMySchool(db, user.schoolId, user);
    },
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
      const options = { schoolId, query: request.query };
      const page = await viewSchoolUsersPage(db, auditActor(request), options);
      const { limit } = request.query;
      return sendPeoplePage(reply, page, (cursor) => schoolUsersPath({ schoolId, limit, cursor }));
    },
  );

  app.get(
    '/schools/:id/users.csv',
    {
      onRequest,
      exposeHeadRoute: false,
      schema: {
        description:
          'The whole Staff & students list as a CSV attachment (decision 0031), for its admins: ' +
          'names, e-mail, role and team size, by name.',
        params: idParams,
        querystring: schoolUsersCsvQuerySchema,
        response: CSV_RESPONSE,
        security,
      },
    },
    async (request, reply) => {
      const schoolId = request.params.id;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      const logAs = 'export.school_users';
      const school = await findSchoolForExport(db, auditActor(request), { schoolId, logAs });
      return sendListCsv(reply, {
        db,
        kind: 'users',
        school,
        now: now(),
        rows: () =>
          mapRows(
            allPages((cursor, limit) =>
              listSchoolUsersPage(db, { schoolId, query: { ...request.query, limit, cursor } }),
            ),
            (user) => [
              user.first_name,
              user.last_name,
              user.email,
              user.user_school_roles.map((entry) => entry.role.name).join(' '),
              user.team_size,
            ],
          ),
      });
    },
  );

  for (const kind of POINTS_LIST_KINDS) {
    app.get(
      `/schools/:id/${kind}.csv`,
      {
        onRequest,
        exposeHeadRoute: false,
        schema: {
          description: `${POINTS_LIST_CSV_DESCRIPTIONS[kind]} The whole list in the asked order as a CSV attachment (decision 0031): names, points and the last activity in the school's time zone.`,
          params: idParams,
          querystring: pointsListCsvQuerySchema,
          response: CSV_RESPONSE,
          security,
        },
      },
      async (request, reply) => {
        const schoolId = request.params.id;
        requireSchoolRole(currentUser(request), schoolId, kind === 'staff' ? 'admin' : 'staff');
        const logAs = kind === 'students' ? 'export.student_points' : undefined;
        const school = await findSchoolForExport(db, auditActor(request), { schoolId, logAs });
        return sendListCsv(reply, {
          db,
          kind,
          school,
          now: now(),
          rows: () =>
            mapRows(
              allPages((cursor, limit) =>
                listPointsPage(db, { schoolId, kind, query: { ...request.query, limit, cursor } }),
              ),
              (person) => [
                person.first_name,
                person.last_name,
                person.points,
                localActivity(person.last_activity_logged_at, school.time_zone),
              ],
            ),
        });
      },
    );
  }

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
        const options = { schoolId, kind, query: request.query };
        const page = await viewPointsPage(db, auditActor(request), options);
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
      return setClassFields(db, auditActor(request), { schoolId, userId, fields: request.body });
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
      const { schoolId, userId, role } = request.params;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      return switchRole(db, auditActor(request), { schoolId, userId, role });
    },
  );

  const coordinatorRoute = (coordinator: boolean) => ({
    onRequest,
    schema: {
      description: coordinator
        ? 'Admins: make a staff member of the school a coordinator too (issue 35 §2). Their new ' +
          'role applies from their next request. Anyone not staff of the school: 422.'
        : 'Admins: take the coordinator role back; they stay staff. The last coordinator of the ' +
          'school cannot be removed, themself included: 409.',
      params: userParams,
      response: responses({ 200: schoolUserSchema }),
      security,
    },
  });
  const coordinatorHandler =
    (coordinator: boolean) =>
    (request: { params: z.infer<typeof userParams> } & FastifyRequest) => {
      const { schoolId, userId } = request.params;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      return setCoordinator(db, auditActor(request), { schoolId, userId, coordinator });
    };
  app.put(
    '/schools/:schoolId/coordinators/:userId',
    coordinatorRoute(true),
    coordinatorHandler(true),
  );
  app.delete(
    '/schools/:schoolId/coordinators/:userId',
    coordinatorRoute(false),
    coordinatorHandler(false),
  );
}
