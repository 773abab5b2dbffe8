import { myTeamSchema, teamRankingSchema, teamUsersSchema } from '@wellbank/domain';
import type { App, AppContext } from '../../http/context.ts';
import { responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireOwnSchool } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { findMyTeam, readTeamRanking, viewTeamUsers } from './leaderboard.service.ts';

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
    (request) => {
      const options = { teamId: request.params.id, viewer: currentUser(request) };
      return viewTeamUsers(db, auditActor(request), options);
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
