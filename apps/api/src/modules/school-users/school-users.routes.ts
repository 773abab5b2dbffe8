import {
  mySchoolSchema,
  pointsListSchema,
  SWITCHABLE_ROLES,
  schoolUserSchema,
  schoolUsersSchema,
} from '@wellbank/domain';
import { z } from 'zod';
import { requireSchoolRole } from '../../http/access.ts';
import type { App, AppContext } from '../../http/context.ts';
import { responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import {
  findMySchool,
  listActiveStudentPoints,
  listSchoolUsers,
  listStaffPoints,
  switchRole,
} from './school-users.service.ts';

const roleSwitchParams = z.object({
  schoolId: idParams.shape.id,
  userId: idParams.shape.id,
  role: z.enum(SWITCHABLE_ROLES),
});

export function schoolUsersRoutes(app: App, context: AppContext) {
  const { db } = context;
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/schools/me',
    { onRequest, schema: { response: responses({ 200: mySchoolSchema }), security } },
    (request) => findMySchool(db, currentUser(request).schoolId),
  );

  app.get(
    '/schools/:id/users',
    {
      onRequest,
      schema: { params: idParams, response: responses({ 200: schoolUsersSchema }), security },
    },
    (request) => {
      requireSchoolRole(currentUser(request), request.params.id, 'admin');
      return listSchoolUsers(db, request.params.id);
    },
  );

  app.get(
    '/schools/:id/staff',
    {
      onRequest,
      schema: { params: idParams, response: responses({ 200: pointsListSchema }), security },
    },
    (request) => {
      requireSchoolRole(currentUser(request), request.params.id, 'admin');
      return listStaffPoints(db, request.params.id);
    },
  );

  app.get(
    '/schools/:id/students',
    {
      onRequest,
      schema: { params: idParams, response: responses({ 200: pointsListSchema }), security },
    },
    (request) => {
      requireSchoolRole(currentUser(request), request.params.id, 'staff');
      return listActiveStudentPoints(db, request.params.id);
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
      return db.transaction((tx) => switchRole(tx, { schoolId, userId, role, adminId: admin.id }));
    },
  );
}
