import { myTeamSchema, teamRankingSchema, teamUsersSchema } from '@wellbank/domain';
import type { App, AppContext } from '../../http/context.ts';
import { notFound, responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { auditActor, recordAudit } from '../audit-log/audit-log.ts';
import { requireOwnSchool } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { findMyTeam, listTeamUsers, readTeamRanking } from './leaderboard.service.ts';

export function leaderboardRoutes(app: App, context: AppContext) {
  const { db } = context;
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/teams/me',
    { onRequest, schema: { response: responses({ 200: myTeamSchema }), security } },
    (request) => findMyTeam(db, currentUser(request).id),
  );

  app.get(
    '/teams/:id/users',
    {
      onRequest,
      schema: { params: idParams, response: responses({ 200: teamUsersSchema }), security },
    },
    async (request) => {
      const teamId = request.params.id;
      const team = await listTeamUsers(db, { teamId, viewer: currentUser(request) });
      if (!team) throw notFound();
      if (!team.viewerIsMember) {
        const target = { kind: 'team', id: teamId } as const;
        await recordAudit(db, { ...auditActor(request), action: 'view.team_members', target });
      }
      return team.entries;
    },
  );

  app.get(
    '/schools/:id/teams/ranking',
    {
      onRequest,
      schema: {
        description:
          "The school's teams by points for any of its members: the top ten and the caller's " +
          'own team with its rank (ties share a rank, as GET /teams/me). Team points count ' +
          "the school's closed days only (decision 0043).",
        params: idParams,
        response: responses({ 200: teamRankingSchema }),
        security,
      },
    },
    (request) => {
      const user = currentUser(request);
      requireOwnSchool(user, request.params.id);
      return readTeamRanking(db, { schoolId: request.params.id, userId: user.id });
    },
  );
}
