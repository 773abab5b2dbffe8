import {
  classChallengeCreateSchema,
  classChallengeSchema,
  MESSAGES,
  mayRunClassSignIn,
  myClassChallengesSchema,
  staffClassChallengesSchema,
} from '@wellbank/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context.ts';
import { AppError, responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { requireOwnSchool, requireSelf } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import {
  endClassChallenge,
  myClassChallenges,
  schoolClassChallenges,
  startClassChallenge,
} from './class-challenges.service.ts';

/** Class challenges (issue 37 §2, decision 0084): staff start and end them, a class reads its own. */
export function classChallengesRoutes(app: App, context: AppContext) {
  const { db, now } = context;
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  /** Scope first, role second (access.ts): the school's staff and admins run challenges. */
  const requireChallengeStaff = (request: FastifyRequest, schoolId: number) => {
    const user = currentUser(request);
    requireOwnSchool(user, schoolId);
    if (!mayRunClassSignIn(user.roles)) throw new AppError('forbidden', MESSAGES.forbidden);
    return user;
  };
  const callerOf = (user: ReturnType<typeof currentUser>) => ({
    schoolId: user.schoolId,
    userId: user.id,
    timeZone: user.timeZone,
    now: now(),
  });

  app.post(
    '/schools/:id/class-challenges',
    {
      onRequest,
      schema: {
        description:
          'Starts a week-long class challenge for a homeroom or grade of the school (staff and ' +
          'admins): one kind over one category, never stress. 409 while the class has one running.',
        params: idParams,
        body: classChallengeCreateSchema,
        response: responses({ 201: classChallengeSchema }),
        security,
      },
    },
    async (request, reply) => {
      const user = requireChallengeStaff(request, request.params.id);
      const started = await startClassChallenge(db, request.body, callerOf(user));
      return reply.status(201).send(started);
    },
  );

  app.get(
    '/schools/:id/class-challenges',
    {
      onRequest,
      schema: {
        description:
          'The school’s 20 newest class challenges (staff and admins), each with the class total ' +
          'and whether it is running, ended early or finished.',
        params: idParams,
        response: responses({ 200: staffClassChallengesSchema }),
        security,
      },
    },
    (request) => {
      const user = requireChallengeStaff(request, request.params.id);
      return schoolClassChallenges(db, callerOf(user));
    },
  );

  app.post(
    '/class-challenges/:id/end',
    {
      onRequest,
      schema: {
        description: 'Ends a running class challenge of the caller’s school early (staff, admins).',
        params: idParams,
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await endClassChallenge(db, request.params.id, {
        ...callerOf(user),
        mayEnd: mayRunClassSignIn(user.roles),
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/users/:id/class-challenges',
    {
      onRequest,
      schema: {
        description:
          'Self only: the running challenges of your own homeroom and grade, each with the goal ' +
          'and the class total, never anyone’s share. Never about stress.',
        params: idParams,
        response: responses({ 200: myClassChallengesSchema }),
        security,
      },
    },
    (request) => {
      const user = requireSelf(currentUser(request), request.params.id);
      return myClassChallenges(db, callerOf(user));
    },
  );
}
