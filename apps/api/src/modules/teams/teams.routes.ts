import {
  findTeamQuerySchema,
  MESSAGES,
  myTeamSchema,
  publicTeamSchema,
  schoolDate,
  schoolTeamRenameSchema,
  schoolTeamSchema,
  schoolTeamsQuerySchema,
  seesKindRanking,
  sessionRecordSchema,
  teamJoinRequestSchema,
  teamRenameSchema,
} from '@wellbank/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context.ts';
import { requestLanguage } from '../../http/error-language.ts';
import { responses } from '../../http/errors.ts';
import { idParams, pathId } from '../../http/params.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireSchoolRole } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { findMyTeamFor } from '../leaderboard/leaderboard.service.ts';
import { publicLookupRoutes } from '../rate-limit/public-lookup.ts';
import { emailProberOf } from '../users/email-probe-limit.ts';
import { signUpUser } from '../users/user-sign-up.ts';
import { findPublicTeam, listSchoolTeams, renameSchoolTeam, renameTeam } from './teams.service.ts';

const schoolTeamParams = z.object({ id: pathId, teamId: pathId });

export function teamsRoutes(app: App, context: AppContext) {
  const { db, jobs, now } = context;

  publicLookupRoutes(app, context, {
    path: '/teams',
    querystring: findTeamQuerySchema,
    found: publicTeamSchema,
    foundById: publicTeamSchema,
    byQuery: (db, query) => findPublicTeam(db, { captainEmail: query.email }),
    byId: (db, id) => findPublicTeam(db, { id }),
    notFoundMessage: MESSAGES.teamNotFound,
  });

  app.post(
    '/teams/:id/signup',
    {
      schema: {
        params: idParams,
        body: teamJoinRequestSchema,
        response: responses({ 201: sessionRecordSchema }),
      },
    },
    async (request, reply) => {
      // A family or community member: joins this team, captains none (DESIGN.md §1.5).
      const session = await signUpUser(db, {
        prober: emailProberOf(request),
        now,
        jobs,
        user: request.body.user,
        language: requestLanguage(request),
        roles: ['community_member'],
        providers: context.signInProviders,
        // The id alone is not enough: the captain's e-mail proves the person was given it.
        place: async (db) => {
          const { captain_email: captainEmail } = request.body;
          const team =
            captainEmail && (await findPublicTeam(db, { id: request.params.id, captainEmail }));
          return team ? { schoolId: team.school.id, joinTeamId: team.id } : undefined;
        },
      });
      return reply.status(201).send(session);
    },
  );

  app.patch(
    '/teams/:id',
    {
      onRequest: createAuthenticate(context),
      schema: {
        description:
          "Renames the team: its captain only (decision 0031). Answers the caller's team, as " +
          'GET /teams/me.',
        params: idParams,
        body: teamRenameSchema,
        response: responses({ 200: myTeamSchema }),
        security: [{ bearerAuth: [] }],
      },
    },
    async (request) => {
      const { name } = request.body;
      const renamed = await renameTeam(db, auditActor(request), {
        teamId: request.params.id,
        name,
      });
      // As GET /teams/me shows it to the caller: by goals reached where the school says so.
      const user = currentUser(request);
      if (!seesKindRanking(user.roles)) return renamed;
      return findMyTeamFor(db, { user, today: schoolDate(now(), user.timeZone) });
    },
  );

  app.get(
    '/schools/:id/teams',
    {
      onRequest: createAuthenticate(context),
      schema: {
        description:
          "Admins: the school's teams by name with their captain and size, at most 50; `search` " +
          'narrows them by team or captain name (decision 0046).',
        params: idParams,
        querystring: schoolTeamsQuerySchema,
        response: responses({ 200: z.array(schoolTeamSchema) }),
        security: [{ bearerAuth: [] }],
      },
    },
    (request) => {
      requireSchoolRole(currentUser(request), request.params.id, 'admin');
      return listSchoolTeams(db, { schoolId: request.params.id, search: request.query.search });
    },
  );

  app.patch(
    '/schools/:id/teams/:teamId',
    {
      onRequest: createAuthenticate(context),
      schema: {
        description:
          'Admins: renames any team of the school, or resets it to its default name with ' +
          '`{"name": null}` (decision 0046). Logged in the activity log.',
        params: schoolTeamParams,
        body: schoolTeamRenameSchema,
        response: responses({ 200: schoolTeamSchema }),
        security: [{ bearerAuth: [] }],
      },
    },
    (request) => {
      const { id: schoolId, teamId } = request.params;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      return renameSchoolTeam(db, auditActor(request), {
        schoolId,
        teamId,
        name: request.body.name,
      });
    },
  );
}
