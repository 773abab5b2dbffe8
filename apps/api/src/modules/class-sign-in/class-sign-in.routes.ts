import {
  CLASS_SIGN_IN_MESSAGES,
  classCardsQuerySchema,
  classCardsSchema,
  classCodeCreateSchema,
  classCodeParams,
  classLookupSchema,
  classSignInSchema,
  classStudentsPath,
  classStudentsQuerySchema,
  MESSAGES,
  mayRunClassSignIn,
  myClassChallengesSchema,
  openClassCodeSchema,
  pickableStudentsSchema,
  secretPicturesSchema,
  sessionRecordSchema,
} from '@wellbank/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clientAddress } from '../../http/client-address.ts';
import type { App, AppContext } from '../../http/context.ts';
import { AppError, responses } from '../../http/errors.ts';
import { sendPage } from '../../http/paged-reply.ts';
import { idParams } from '../../http/params.ts';
import { webAppUrl } from '../../http/web-app-url.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireOwnSchool } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { homeroomChallenges } from '../class-challenges/class-challenges.service.ts';
import { hitRateLimit, RATE_LIMITS } from '../rate-limit/rate-limit.service.ts';
import {
  closeClassCode,
  lookUpClass,
  openClassCode,
  openCodeHomeroom,
} from './class-codes.service.ts';
import {
  classCards,
  renewSecretPictures,
  signInByPictures,
  unlockClassSignIn,
} from './class-sign-in.service.ts';
import { viewPickableStudents } from './class-students.service.ts';
import { requireStudentOfOwnSchool } from './students.ts';

/** Class codes, class cards and picture sign-in (issue 34 §2, decision 0064). */
export function classSignInRoutes(app: App, context: AppContext) {
  const { db, now } = context;
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  /** Scope first, role second (access.ts): the school's staff and admins run class sign-in. */
  const requireClassStaff = (request: FastifyRequest, schoolId: number) => {
    const user = currentUser(request);
    requireOwnSchool(user, schoolId);
    if (!mayRunClassSignIn(user.roles)) throw new AppError('forbidden', MESSAGES.forbidden);
    return user;
  };

  app.post(
    '/schools/:id/class-codes',
    {
      onRequest,
      schema: {
        description:
          'Opens a class code for a homeroom or the students picked (staff and admins): valid ' +
          'until the end of the school day in its zone or until closed (decision 0064).',
        params: idParams,
        body: classCodeCreateSchema,
        response: responses({ 201: openClassCodeSchema }),
        security,
      },
    },
    async (request, reply) => {
      const user = requireClassStaff(request, request.params.id);
      const actor = auditActor(request);
      const opened = await openClassCode(db, request.body, {
        actor,
        timeZone: user.timeZone,
        now: now(),
      });
      return reply.status(201).send({
        id: opened.id,
        code: opened.code,
        url: `${webAppUrl(request, context.appUrl)}/class/${opened.code}`,
        expires_at: opened.expiresAt.toISOString(),
      });
    },
  );

  app.get(
    '/schools/:id/class-students',
    {
      onRequest,
      schema: {
        description:
          'The students staff may pick for a class code (staff and admins): every student of the ' +
          'school with their homeroom, by first name, last name and id; `q` keeps the names that ' +
          'contain it. One page: X-Total-Count, the number of matching students; Link: <…>; ' +
          'rel="next", the next page, absent on the last. Logged, one entry per page.',
        params: idParams,
        querystring: classStudentsQuerySchema,
        response: responses({ 200: pickableStudentsSchema }),
        security,
      },
    },
    async (request, reply) => {
      const schoolId = request.params.id;
      requireClassStaff(request, schoolId);
      const page = await viewPickableStudents(db, auditActor(request), request.query);
      const { q, limit } = request.query;
      const next =
        page.nextCursor &&
        app.prefix + classStudentsPath({ schoolId, q, limit, cursor: page.nextCursor });
      return sendPage(reply, { rows: page.rows, total: page.total, next });
    },
  );

  app.delete(
    '/class-codes/:code',
    {
      onRequest,
      schema: {
        description: 'Closes an open class code of the caller’s school (staff and admins).',
        params: classCodeParams,
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      await closeClassCode(db, request.params.code, {
        actor: auditActor(request),
        mayClose: mayRunClassSignIn(currentUser(request).roles),
        now: now(),
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/class-codes/:code',
    {
      schema: {
        description:
          'The class of an open code, for whoever holds it: the school’s name and each child’s ' +
          'first name, last initial and picture, by first name. Limited per client address like ' +
          'the school-code lookup.',
        params: classCodeParams,
        response: responses({ 200: classLookupSchema }),
      },
    },
    async (request) => {
      await hitRateLimit(db, RATE_LIMITS.publicLookup, clientAddress(request), now());
      const found = await lookUpClass(db, request.params.code, now());
      if (!found) throw new AppError('not_found', CLASS_SIGN_IN_MESSAGES.codeNotOpen);
      return found;
    },
  );

  app.get(
    '/class-codes/:code/class-challenges',
    {
      schema: {
        description:
          'The running challenge of the homeroom an open code was opened for, for whoever holds ' +
          'the code (a class check-in’s screen, decision 0085): the goal and the class total ' +
          'only; none for a code of picked students. Limited per client address like the lookup.',
        params: classCodeParams,
        response: responses({ 200: myClassChallengesSchema }),
      },
    },
    async (request) => {
      await hitRateLimit(db, RATE_LIMITS.publicLookup, clientAddress(request), now());
      const found = await openCodeHomeroom(db, request.params.code, now());
      if (!found) throw new AppError('not_found', CLASS_SIGN_IN_MESSAGES.codeNotOpen);
      if (!found.homeroom) return { challenges: [] };
      return homeroomChallenges(db, found.schoolId, found.homeroom, {
        timeZone: found.timeZone,
        now: now(),
      });
    },
  );

  app.post(
    '/class-codes/:code/sign-in',
    {
      schema: {
        description:
          'Signs a child of the class in by their two secret pictures in order: the session ' +
          'record of a shared device (ends after 10 idle minutes). A wrong sequence 401; the ' +
          'sixth try within 15 minutes 429 until staff lift the lock.',
        params: classCodeParams,
        body: classSignInSchema,
        response: responses({ 200: sessionRecordSchema }),
      },
    },
    (request) =>
      signInByPictures(db, request.params.code, request.body, {
        address: clientAddress(request),
        now: now(),
      }),
  );

  app.get(
    '/schools/:id/class-cards',
    {
      onRequest,
      schema: {
        description:
          'A homeroom’s printable class cards (staff and admins): each child’s name, picture, ' +
          'secret pictures in order and whether their class sign-in is locked. Logged.',
        params: idParams,
        querystring: classCardsQuerySchema,
        response: responses({ 200: classCardsSchema }),
        security,
      },
    },
    (request) => {
      requireClassStaff(request, request.params.id);
      return classCards(db, request.query.homeroom, { actor: auditActor(request), now: now() });
    },
  );

  app.post(
    '/users/:id/secret-pictures',
    {
      onRequest,
      schema: {
        description: 'Gives a student of the school two new secret pictures (staff and admins).',
        params: idParams,
        response: responses({ 200: z.object({ secret_pictures: secretPicturesSchema }) }),
        security,
      },
    },
    async (request) => {
      await requireStudentOfOwnSchool(db, request.params.id, currentUser(request));
      requireClassStaff(request, currentUser(request).schoolId);
      const pictures = await renewSecretPictures(db, request.params.id, auditActor(request));
      return { secret_pictures: pictures };
    },
  );

  app.delete(
    '/users/:id/class-sign-in-lock',
    {
      onRequest,
      schema: {
        description: 'Lifts the lock of a student’s class sign-in (staff and admins).',
        params: idParams,
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      await requireStudentOfOwnSchool(db, request.params.id, currentUser(request));
      requireClassStaff(request, currentUser(request).schoolId);
      await unlockClassSignIn(db, request.params.id, auditActor(request));
      return reply.status(204).send(null);
    },
  );
}
