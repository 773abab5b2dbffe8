import {
  childDayQuerySchema,
  childDaySchema,
  childOverviewSchema,
  deletionDecisionSchema,
  FAMILY_SUMMARY_MESSAGES,
  familyLetterRequestSchema,
  familyLetterSchema,
  familyLinkRequestSchema,
  familyLinkUrl,
  familySignUpSchema,
  familySummarySettingSchema,
  guardianDeletionRequestSchema,
  guardianDeletionRequestsSchema,
  guardiansSchema,
  issuedFamilyCodeSchema,
  linkedChildrenSchema,
  linkedChildSchema,
  MESSAGES,
  openDeletionRequestsSchema,
  schoolDate,
  sessionRecordSchema,
} from '@wellbank/domain';
import { z } from 'zod';
import { clientAddress } from '../../http/client-address.ts';
import type { App, AppContext } from '../../http/context.ts';
import { requestLanguage } from '../../http/error-language.ts';
import { AppError, responses } from '../../http/errors.ts';
import { idParams, pathId } from '../../http/params.ts';
import { webAppUrl } from '../../http/web-app-url.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireOwnSchool, requireRole, requireSchoolRole } from '../auth/access.ts';
import { ALLOW_WHILE_UNPAID, createAuthenticate, currentUser } from '../auth/authenticate.ts';
import type { AuthUser } from '../auth/sessions.ts';
import {
  readFamilySummarySetting,
  saveFamilySummarySetting,
} from '../reminders/reminders.service.ts';
import { emailProberOf } from '../users/email-probe-limit.ts';
import { signUpUser } from '../users/user-sign-up.ts';
import { issueFamilyCode, issueFamilyLetter, revokeFamilyCode } from './family-codes.service.ts';
import {
  findCodeChild,
  linkGuardian,
  linkWithCode,
  listGuardians,
  listLinkedChildren,
  unlinkByCoordinator,
  unlinkByGuardian,
} from './guardian-links.service.ts';
import {
  decideDeletionRequest,
  exportChildForGuardian,
  listGuardianDeletionRequests,
  listOpenDeletionRequests,
  requestChildDeletion,
} from './guardian-rights.service.ts';
import { childDay, childOverview } from './guardian-view.service.ts';

const isStaffOrAdmin = (user: AuthUser) =>
  user.roles.includes('staff') || user.roles.includes('admin');

const guardianParams = z.object({ id: pathId, guardianId: pathId });
const requestParams = z.object({ schoolId: pathId, requestId: pathId });
const guardianExportSchema = z
  .object({ format: z.string(), version: z.number(), exported_at: z.string() })
  .catchall(z.unknown());

/** The weekly e-mail about children is a guardian's own setting (403 for any other role). */
function requireGuardian(user: AuthUser): AuthUser {
  if (!user.roles.includes('guardian')) {
    throw new AppError('forbidden', FAMILY_SUMMARY_MESSAGES.guardiansOnly);
  }
  return user;
}

/** Family codes, letters and guardians' links (issue 36 §1–2, decision 0075). */
export function familyRoutes(app: App, context: AppContext) {
  const { db, now, appUrl, jobs } = context;
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.post(
    '/users/:id/family-code',
    {
      onRequest,
      schema: {
        description:
          "Staff and admins of the student's school, or the student: a new family code, the " +
          'earlier one stops working (links made stay). Shown this once: only its hash is kept.',
        params: idParams,
        response: responses({ 201: issuedFamilyCodeSchema }),
        security,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const mayIssue = isStaffOrAdmin(user) || user.id === request.params.id;
      const code = await issueFamilyCode(
        db,
        { ...auditActor(request), mayIssue },
        { userId: request.params.id, now: now() },
      );
      const url = familyLinkUrl(webAppUrl(request, appUrl), code);
      return reply.status(201).send({ code, url });
    },
  );

  app.delete(
    '/users/:id/family-code',
    {
      onRequest,
      schema: {
        description:
          "Staff and admins of the student's school: the family code stops working; links stay.",
        params: idParams,
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      const mayRevoke = isStaffOrAdmin(currentUser(request));
      await revokeFamilyCode(
        db,
        { ...auditActor(request), mayRevoke },
        { userId: request.params.id },
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/schools/:id/family-letters',
    {
      onRequest,
      schema: {
        description:
          "Staff and admins: a homeroom's family letter, one page per student A→Z, each with a " +
          "new family code (an earlier letter's codes stop working; links made stay). Shown once.",
        params: idParams,
        body: familyLetterRequestSchema,
        response: responses({ 201: familyLetterSchema }),
        security,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireOwnSchool(user, request.params.id);
      if (!isStaffOrAdmin(user)) throw new AppError('forbidden', MESSAGES.forbidden);
      const base = webAppUrl(request, appUrl);
      const pages = await issueFamilyLetter(db, auditActor(request), {
        homeroom: request.body.homeroom,
        now: now(),
      });
      return reply
        .status(201)
        .send(pages.map((page) => ({ ...page, url: familyLinkUrl(base, page.code) })));
    },
  );

  app.post(
    '/family/sign-up',
    {
      schema: {
        description:
          "Public: a family member's account (role guardian, no team, no donation), linked to " +
          "the code's child. A wrong code is 404 and spends the client's lookup budget.",
        body: familySignUpSchema,
        response: responses({ 201: sessionRecordSchema }),
      },
    },
    async (request, reply) => {
      const { code, user } = request.body;
      const address = clientAddress(request);
      const session = await signUpUser(db, {
        prober: emailProberOf(request),
        now,
        jobs,
        user,
        language: requestLanguage(request),
        roles: ['guardian'],
        providers: context.signInProviders,
        place: async (db) => {
          const child = await findCodeChild(db, code);
          return child ? { schoolId: child.schoolId, joinTeamId: null } : undefined;
        },
        afterCreate: async (tx, guardianId) => {
          await linkGuardian(tx, { guardianId, code, clientAddress: address, now: now() });
        },
      });
      return reply.status(201).send(session);
    },
  );

  app.post(
    '/family/links',
    {
      onRequest,
      schema: {
        description:
          'A signed-in family member (role guardian) links the child of a family code. Wrong ' +
          'codes are limited per account and client address.',
        body: familyLinkRequestSchema,
        response: responses({ 201: linkedChildSchema }),
        security,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const child = await linkWithCode(db, {
        guardian: { id: user.id, isGuardian: user.roles.includes('guardian') },
        code: request.body.code,
        clientAddress: clientAddress(request),
        now: now(),
      });
      return reply.status(201).send(child);
    },
  );

  app.get(
    '/family/children',
    {
      onRequest,
      schema: {
        description: "The caller's linked children (a family member's), A→Z.",
        response: responses({ 200: linkedChildrenSchema }),
        security,
      },
    },
    (request) => listLinkedChildren(db, currentUser(request).id),
  );

  app.get(
    '/family/weekly-email',
    {
      onRequest,
      schema: {
        description: 'Whether the caller (a guardian) gets the weekly e-mail about their children.',
        response: responses({ 200: familySummarySettingSchema }),
        security,
      },
    },
    async (request) => ({
      enabled: await readFamilySummarySetting(db, requireGuardian(currentUser(request)).id),
    }),
  );

  app.put(
    '/family/weekly-email',
    {
      onRequest,
      schema: {
        description: 'A guardian turns their weekly e-mail about their children on or off.',
        body: familySummarySettingSchema,
        response: responses({ 200: familySummarySettingSchema }),
        security,
      },
    },
    async (request) => {
      const user = requireGuardian(currentUser(request));
      await saveFamilySummarySetting(db, {
        userId: user.id,
        enabled: request.body.enabled,
        now: now(),
      });
      return { enabled: await readFamilySummarySetting(db, user.id) };
    },
  );

  app.delete(
    '/family/children/:id',
    {
      onRequest,
      schema: {
        description: 'The caller removes their own link to that child (404 when there is none).',
        params: idParams,
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await unlinkByGuardian(db, {
        guardianId: user.id,
        isGuardian: user.roles.includes('guardian'),
        studentId: request.params.id,
        clientAddress: clientAddress(request),
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/family/children/:id/overview',
    {
      onRequest,
      schema: {
        description:
          "A family member's linked child, read-only (decision 0079): the interval's progress, " +
          'streak, last week, the last 15 balances, the team and its rank, the badges. Every ' +
          'figure before the stress check-in; never a stress rating or amount. 404 when not linked.',
        params: idParams,
        response: responses({ 200: childOverviewSchema }),
        security,
      },
    },
    (request) => {
      const user = currentUser(request);
      return childOverview(
        db,
        { id: user.id, isGuardian: user.roles.includes('guardian') },
        { childId: request.params.id, now: now() },
      );
    },
  );

  app.get(
    '/family/children/:id/days',
    {
      onRequest,
      schema: {
        description:
          "A family member's linked child's day (`?date=`, today when absent; today and the 14 " +
          'days before it): the categories and amounts and the balance before the stress ' +
          'check-in; never stress. 404 when not linked.',
        params: idParams,
        querystring: childDayQuerySchema,
        response: responses({ 200: childDaySchema }),
        security,
      },
    },
    (request) => {
      const user = currentUser(request);
      return childDay(
        db,
        { id: user.id, isGuardian: user.roles.includes('guardian') },
        { childId: request.params.id, date: request.query.date, now: now() },
      );
    },
  );

  app.get(
    '/users/:id/guardians',
    {
      onRequest,
      schema: {
        description:
          'Who is linked to the student as family (names, when): the student, and the staff and ' +
          "admins of the student's school.",
        params: idParams,
        response: responses({ 200: guardiansSchema }),
        security,
      },
    },
    (request) => {
      const user = currentUser(request);
      return listGuardians(
        db,
        { schoolId: user.schoolId, actorUserId: user.id, mayRead: isStaffOrAdmin(user) },
        request.params.id,
      );
    },
  );

  app.delete(
    '/users/:id/guardians/:guardianId',
    {
      onRequest,
      schema: {
        description:
          "Admins of the student's school: removes a family member's link to the student.",
        params: guardianParams,
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await unlinkByCoordinator(
        db,
        { ...auditActor(request), isAdmin: user.roles.includes('admin') },
        { studentId: request.params.id, guardianId: request.params.guardianId },
      );
      return reply.status(204).send(null);
    },
  );

  guardianRightsRoutes(app, context);
}

/**
 * A guardian's rights (issue 36 §2, decision 0081): the child's data without stress, and a
 * request to the school to delete it, which the coordinator carries out or declines.
 */
function guardianRightsRoutes(app: App, context: AppContext) {
  const { db, now } = context;
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/family/children/:id/export',
    {
      onRequest,
      // The child's data is the family's whether or not a donation is due, as one's own export.
      config: ALLOW_WHILE_UNPAID,
      exposeHeadRoute: false,
      schema: {
        description:
          "A guardian, for a child linked to them: the child's own export without stress (no " +
          'rating, stress amount, balance or points), as a JSON attachment; logged in the ' +
          "child's school. 403 for anyone not a guardian, 404 for a child not linked to them.",
        params: idParams,
        response: responses({ 200: guardianExportSchema }),
        security,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireRole(user, 'guardian');
      const at = now();
      const data = await exportChildForGuardian(db, auditActor(request), {
        studentId: request.params.id,
        now: at,
      });
      const name = `wellbank-child-${request.params.id}-${schoolDate(at, user.timeZone)}.json`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      return data;
    },
  );

  app.post(
    '/family/children/:id/deletion-requests',
    {
      onRequest,
      config: ALLOW_WHILE_UNPAID,
      schema: {
        description:
          "A guardian asks the child's school to delete the child's data: the coordinator " +
          'carries it out or declines. One open request per child (409 while one is open); 403 ' +
          'for anyone not a guardian, 404 for a child not linked to them.',
        params: idParams,
        response: responses({ 201: guardianDeletionRequestSchema }),
        security,
      },
    },
    async (request, reply) => {
      requireRole(currentUser(request), 'guardian');
      const made = await requestChildDeletion(db, auditActor(request), {
        studentId: request.params.id,
        now: now(),
      });
      return reply.status(201).send(made);
    },
  );

  app.get(
    '/family/deletion-requests',
    {
      onRequest,
      config: ALLOW_WHILE_UNPAID,
      schema: {
        description:
          "The caller's requests to delete a child's data and what became of them, newest " +
          'first; `child` is null once the child was deleted.',
        response: responses({ 200: guardianDeletionRequestsSchema }),
        security,
      },
    },
    (request) => listGuardianDeletionRequests(db, currentUser(request).id),
  );

  app.get(
    '/schools/:id/deletion-requests',
    {
      onRequest,
      schema: {
        description: "Admins: the families' open requests to delete a child's data, oldest first.",
        params: idParams,
        response: responses({ 200: openDeletionRequestsSchema }),
        security,
      },
    },
    (request) => {
      requireSchoolRole(currentUser(request), request.params.id, 'admin');
      return listOpenDeletionRequests(db, request.params.id);
    },
  );

  app.post(
    '/schools/:schoolId/deletion-requests/:requestId/decision',
    {
      onRequest,
      config: ALLOW_WHILE_UNPAID,
      schema: {
        description:
          "Admins: `delete` deletes the child's account and everything it logged (as Staff & " +
          "students' Remove), `decline` keeps it; logged. 409 when already answered.",
        params: requestParams,
        body: deletionDecisionSchema,
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      requireSchoolRole(currentUser(request), request.params.schoolId, 'admin');
      await decideDeletionRequest(db, auditActor(request), {
        requestId: request.params.requestId,
        decision: request.body.decision,
        now: now(),
      });
      return reply.status(204).send(null);
    },
  );
}
