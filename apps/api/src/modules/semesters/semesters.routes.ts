import { semesterRecordSchema, semesterSchema, semestersResponseSchema } from '@wellbank/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context.ts';
import { notFound, responses } from '../../http/errors.ts';
import { idParams, pathId } from '../../http/params.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireOwnSchool, requireRole, requireSchoolRole } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import {
  createSemester,
  deleteSemester,
  findSemesterSchool,
  listSemesters,
  toggleSemester,
  updateSemester,
} from './semesters.service.ts';

const semesterParams = z.object({ id: pathId, semesterId: pathId });

export function semestersRoutes(app: App, context: AppContext) {
  const { db } = context;
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/schools/:id/semesters',
    {
      onRequest,
      schema: { params: idParams, response: responses({ 200: semestersResponseSchema }), security },
    },
    async (request) => {
      // Any member of the school reads its intervals (DESIGN.md §1.5).
      requireOwnSchool(currentUser(request), request.params.id);
      return { semesters: await listSemesters(db, request.params.id) };
    },
  );

  app.post(
    '/schools/:id/semesters',
    {
      onRequest,
      schema: {
        params: idParams,
        body: semesterSchema,
        response: responses({ 201: semesterRecordSchema }),
        security,
      },
    },
    async (request, reply) => {
      requireSchoolRole(currentUser(request), request.params.id, 'admin');
      const created = await createSemester(db, auditActor(request), {
        schoolId: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/schools/semesters/:id/active',
    {
      onRequest,
      schema: { params: idParams, response: responses({ 200: semesterRecordSchema }), security },
    },
    async (request) => {
      const user = currentUser(request);
      const schoolId = await findSemesterSchool(db, request.params.id);
      if (schoolId === undefined) throw notFound();
      requireOwnSchool(user, schoolId);
      requireRole(user, 'admin');
      return toggleSemester(db, auditActor(request), { schoolId, semesterId: request.params.id });
    },
  );

  app.put(
    '/schools/:id/semesters/:semesterId',
    {
      onRequest,
      schema: {
        description:
          'Changes an interval (admins): new dates may not overlap another interval or leave a ' +
          'logged day outside it (409, decision 0031).',
        params: semesterParams,
        body: semesterSchema,
        response: responses({ 200: semesterRecordSchema }),
        security,
      },
    },
    async (request) => {
      const { id: schoolId, semesterId } = request.params;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      return updateSemester(db, auditActor(request), { schoolId, semesterId, input: request.body });
    },
  );

  app.delete(
    '/schools/:id/semesters/:semesterId',
    {
      onRequest,
      schema: {
        description:
          'Deletes an interval in which no day has been logged (admins); otherwise 409 ' +
          '(decision 0031).',
        params: semesterParams,
        response: responses({ 204: z.null().describe('Deleted') }),
        security,
      },
    },
    async (request, reply) => {
      const { id: schoolId, semesterId } = request.params;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      await deleteSemester(db, auditActor(request), { schoolId, semesterId });
      return reply.status(204).send(null);
    },
  );
}
