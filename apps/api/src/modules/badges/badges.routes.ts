import {
  badgeHoldersQuerySchema,
  badgeHoldersSchema,
  badgeSheetRequestSchema,
  badgeSignInSchema,
  badgeUrl,
  homeroomsSchema,
  issuedBadgeSchema,
  MESSAGES,
  printedBadgesSchema,
  sessionRecordSchema,
} from '@wellbank/domain';
import { clientAddress } from '../../http/client-address.ts';
import type { App, AppContext } from '../../http/context.ts';
import { AppError, responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { webAppUrl } from '../../http/web-app-url.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireOwnSchool } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import type { AuthUser } from '../auth/sessions.ts';
import {
  issueBadge,
  issueBadgeSheet,
  listBadgeHolders,
  listHomerooms,
  signInWithBadge,
} from './badges.service.ts';

/** Badges are made and listed by the school's staff and its admins (issue 34 §3). */
const isStaffOrAdmin = (user: AuthUser) =>
  user.roles.includes('staff') || user.roles.includes('admin');

function requireStaffOrAdmin(user: AuthUser, schoolId: number): void {
  requireOwnSchool(user, schoolId);
  if (!isStaffOrAdmin(user)) throw new AppError('forbidden', MESSAGES.forbidden);
}

/** Badges (decision 0065): made by staff, printed once, and the sign-in their QR codes open. */
export function badgesRoutes(app: App, context: AppContext) {
  const { db, now, appUrl } = context;
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.post(
    '/users/:id/badge',
    {
      onRequest,
      schema: {
        description:
          "Staff and admins of the student's school: a new badge for the student, whose earlier " +
          'badge stops working. `url` (`{app}/badge#{token}`) is shown this once: only its hash is kept.',
        params: idParams,
        response: responses({ 201: issuedBadgeSchema }),
        security,
      },
    },
    async (request, reply) => {
      const mayIssue = isStaffOrAdmin(currentUser(request));
      const token = await issueBadge(
        db,
        { ...auditActor(request), mayIssue },
        { userId: request.params.id, now: now() },
      );
      return reply.status(201).send({ url: badgeUrl(webAppUrl(request, appUrl), token) });
    },
  );

  app.post(
    '/schools/:id/badges',
    {
      onRequest,
      schema: {
        description:
          "Staff and admins: a homeroom's badge sheet, A→Z. Without `replace`, badges for the " +
          'students who have none; with it, a new badge for each (the printed ones stop working). ' +
          'The links are shown this once.',
        params: idParams,
        body: badgeSheetRequestSchema,
        response: responses({ 201: printedBadgesSchema }),
        security,
      },
    },
    async (request, reply) => {
      requireStaffOrAdmin(currentUser(request), request.params.id);
      const base = webAppUrl(request, appUrl);
      const sheet = await issueBadgeSheet(db, auditActor(request), {
        ...request.body,
        now: now(),
      });
      const printed = sheet.map(({ token, ...badge }) => ({
        ...badge,
        url: badgeUrl(base, token),
      }));
      return reply.status(201).send(printed);
    },
  );

  app.get(
    '/schools/:id/badges',
    {
      onRequest,
      schema: {
        description:
          "Staff and admins: a homeroom's students (first name, last initial, picture) and when " +
          'their live badge was made (null: none). Never a link or token.',
        params: idParams,
        querystring: badgeHoldersQuerySchema,
        response: responses({ 200: badgeHoldersSchema }),
        security,
      },
    },
    (request) => {
      requireStaffOrAdmin(currentUser(request), request.params.id);
      return listBadgeHolders(db, auditActor(request), request.query.homeroom);
    },
  );

  app.get(
    '/schools/:id/homerooms',
    {
      onRequest,
      schema: {
        description: "Staff and admins: the homerooms of the school's students, A→Z.",
        params: idParams,
        response: responses({ 200: homeroomsSchema }),
        security,
      },
    },
    (request) => {
      requireStaffOrAdmin(currentUser(request), request.params.id);
      return listHomerooms(db, request.params.id);
    },
  );

  app.post(
    '/sign-in/badge',
    {
      schema: {
        description:
          "Public: signs in the badge's student on a shared device (the session ends after ten " +
          'idle minutes). Unknown token 401; a badge replaced by a newer one 410. Refusals are ' +
          'limited per client address.',
        body: badgeSignInSchema,
        response: responses({ 200: sessionRecordSchema }),
      },
    },
    (request) =>
      signInWithBadge(db, {
        token: request.body.token,
        address: clientAddress(request),
        now: now(),
      }),
  );
}
