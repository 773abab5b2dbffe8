import {
  counsellorSchema,
  stressCheckInRequestSchema,
  stressCheckInSchema,
  stressOptOutRequestSchema,
  stressOptOutSchema,
  talkRequestSentSchema,
  talkRequestsSchema,
} from '@wellbank/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context.ts';
import { responses } from '../../http/errors.ts';
import { idParams, pathId } from '../../http/params.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireRole, requireSchoolRole } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { linkedChildSchoolId } from '../family/guardian-links.service.ts';
import {
  optInToStressCheckIn,
  optOutOfStressCheckIn,
  readStressCheckIn,
  saveStressCheckIn,
  setCounsellor,
} from './stress-choice.service.ts';
import {
  askForTalk,
  listOpenTalkRequests,
  markTalkRequestHandled,
} from './talk-requests.service.ts';

const userParams = z.object({ schoolId: pathId, userId: pathId });
const requestParams = z.object({ schoolId: pathId, requestId: pathId });

/**
 * The stress question is the family's choice (issue 36 §3, decision 0073): the school's switch,
 * a student's opt-out, the counsellors, and the children's requests for a talk.
 */
export function stressChoiceRoutes(app: App, context: AppContext) {
  const { db, now, jobs } = context;
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/schools/:id/stress-check-in',
    {
      onRequest,
      schema: {
        description:
          "The school's admins: whether the stress check-in is on for the school, and the " +
          'version of the notice families are shown (STRESS_NOTICE in the domain).',
        params: idParams,
        response: responses({ 200: stressCheckInSchema }),
        security,
      },
    },
    (request) => {
      requireSchoolRole(currentUser(request), request.params.id, 'admin');
      return readStressCheckIn(db, request.params.id);
    },
  );

  app.put(
    '/schools/:id/stress-check-in',
    {
      onRequest,
      schema: {
        description:
          'Turns the stress check-in on or off for the whole school (its admins), recorded with ' +
          'the notice version shown: 409 when that is not the current version. Days already ' +
          'summarised keep their figures.',
        params: idParams,
        body: stressCheckInRequestSchema,
        response: responses({ 200: stressCheckInSchema }),
        security,
      },
    },
    (request) => {
      requireSchoolRole(currentUser(request), request.params.id, 'admin');
      const { enabled, notice_version: noticeVersion } = request.body;
      return saveStressCheckIn(db, auditActor(request), { enabled, noticeVersion, now: now() });
    },
  );

  app.put(
    '/schools/:schoolId/students/:userId/stress-opt-out',
    {
      onRequest,
      schema: {
        description:
          'Admins, at a family’s request: opts a student out of the stress check-in (their ' +
          'earlier ratings are deleted, their days and points recomputed without stress) or ' +
          'back in. 422 for someone not a student; 409 for an old notice version.',
        params: userParams,
        body: stressOptOutRequestSchema,
        response: responses({ 200: stressOptOutSchema }),
        security,
      },
    },
    (request) => {
      const { schoolId, userId } = request.params;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      const change = {
        studentId: userId,
        by: auditActor(request),
        noticeVersion: request.body.notice_version,
        now: now(),
      };
      const write = request.body.opted_out ? optOutOfStressCheckIn : optInToStressCheckIn;
      return db.transaction((tx) => write(tx, change));
    },
  );

  app.put(
    '/family/children/:id/stress-opt-out',
    {
      onRequest,
      schema: {
        description:
          'A guardian, for a child linked to them: opts the child out of the stress check-in ' +
          '(their earlier ratings are deleted) or back in. The choice is recorded in the ' +
          "child's school. 403 for anyone not a guardian, 404 for a child not linked to the " +
          'caller; 409 for an old notice version.',
        params: idParams,
        body: stressOptOutRequestSchema,
        response: responses({ 200: stressOptOutSchema }),
        security,
      },
    },
    (request) => {
      const studentId = request.params.id;
      const { notice_version: noticeVersion, opted_out: optedOut } = request.body;
      const write = optedOut ? optOutOfStressCheckIn : optInToStressCheckIn;
      const guardian = currentUser(request);
      // Only a guardian acts for a linked child: any other role is refused first (403).
      requireRole(guardian, 'guardian');
      return db.transaction(async (tx) => {
        const guardianId = guardian.id;
        const schoolId = await linkedChildSchoolId(tx, { guardianId, studentId });
        const by = { ...auditActor(request), schoolId };
        return write(tx, { studentId, by, noticeVersion, now: now() });
      });
    },
  );

  const counsellorRoute = (isCounsellor: boolean) => ({
    onRequest,
    schema: {
      description: isCounsellor
        ? 'Admins: name a staff member a counsellor (any number): they receive the children’s ' +
          'talk requests. Anyone not staff of the school: 422.'
        : 'Admins: the staff member is no longer a counsellor.',
      params: userParams,
      response: responses({ 200: counsellorSchema }),
      security,
    },
  });
  const counsellorHandler =
    (isCounsellor: boolean) =>
    (request: { params: z.infer<typeof userParams> } & FastifyRequest) => {
      const { schoolId, userId } = request.params;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      return setCounsellor(db, auditActor(request), { userId, isCounsellor });
    };
  app.put('/schools/:schoolId/counsellors/:userId', counsellorRoute(true), counsellorHandler(true));
  app.delete(
    '/schools/:schoolId/counsellors/:userId',
    counsellorRoute(false),
    counsellorHandler(false),
  );

  app.post(
    '/talk-requests',
    {
      onRequest,
      schema: {
        description:
          '"I’d like to talk to someone": a student asks the school’s counsellors for a talk; ' +
          'they are mailed the child’s name, nothing else. 409 while an earlier request is ' +
          'open, when stress is off for the child, or when the school has no counsellor.',
        response: responses({ 201: talkRequestSentSchema }),
        security,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireRole(user, 'student');
      const sent = await askForTalk(db, { user, now: now(), jobs });
      return reply.status(201).send(sent);
    },
  );

  app.get(
    '/schools/:id/talk-requests',
    {
      onRequest,
      schema: {
        description:
          "The school's counsellors only: the open talk requests, oldest first (the child's " +
          'name and when they asked).',
        params: idParams,
        response: responses({ 200: talkRequestsSchema }),
        security,
      },
    },
    (request) => listOpenTalkRequests(db, currentUser(request), request.params.id),
  );

  app.post(
    '/schools/:schoolId/talk-requests/:requestId/handled',
    {
      onRequest,
      schema: {
        description:
          'A counsellor marks a talk request handled: 404 for an unknown one, 409 once handled.',
        params: requestParams,
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      const { schoolId, requestId } = request.params;
      const user = currentUser(request);
      await markTalkRequestHandled(db, { user, schoolId, requestId, now: now() });
      return reply.status(204).send(null);
    },
  );
}
