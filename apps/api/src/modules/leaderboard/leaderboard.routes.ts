import {
  myTeamSchema,
  schoolDate,
  teamGoalSchema,
  teamRankingSchema,
  teamRankingSettingSchema,
  teamUsersSchema,
} from '@wellbank/domain';
import type { App, AppContext } from '../../http/context.ts';
import { responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireOwnSchool, requireSchoolRole } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import type { AuthUser } from '../auth/sessions.ts';
import { findMyTeamFor, readTeamRanking, viewTeamUsers } from './leaderboard.service.ts';
import { readTeamGoal, readTeamRankingMode, saveTeamRankingMode } from './team-goals.service.ts';

export function leaderboardRoutes(app: App, context: AppContext) {
  const { db, now } = context;
  const viewerOf = (user: AuthUser) => ({ user, today: schoolDate(now(), user.timeZone) });
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/teams/me',
    { onRequest, schema: { response: responses({ 200: myTeamSchema }), security } },
    (request) => findMyTeamFor(db, viewerOf(currentUser(request))),
  );

  app.get(
    '/teams/me/goal',
    {
      onRequest,
      schema: {
        description:
          "The caller's team's goal this Monday-to-Sunday week (school calendar): its members' " +
          'complete days against 3 per member (decision 0083); 404 for someone on no team.',
        response: responses({ 200: teamGoalSchema }),
        security,
      },
    },
    (request) => {
      const user = currentUser(request);
      return readTeamGoal(db, user.id, schoolDate(now(), user.timeZone));
    },
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
          "The school's teams by points (students and family members of a school set to goals: " +
          'by goals reached, decision 0083), for any of its members: the top ten and the ' +
          "caller's " +
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
      return readTeamRanking(db, { schoolId: request.params.id, viewer: viewerOf(user) });
    },
  );

  app.get(
    '/schools/:id/team-ranking',
    {
      onRequest,
      schema: {
        description:
          "The school's admins: what students and family members see on the team leaderboard, " +
          "'goals' (goals reached) or 'points' (decision 0083).",
        params: idParams,
        response: responses({ 200: teamRankingSettingSchema }),
        security,
      },
    },
    async (request) => {
      requireSchoolRole(currentUser(request), request.params.id, 'admin');
      return { ranking: await readTeamRankingMode(db, request.params.id) };
    },
  );

  app.put(
    '/schools/:id/team-ranking',
    {
      onRequest,
      schema: {
        description:
          "Sets what the school's students and family members see on the team leaderboard (its " +
          'admins); staff and coordinators always see points. A save that changes nothing logs ' +
          'nothing.',
        params: idParams,
        body: teamRankingSettingSchema,
        response: responses({ 200: teamRankingSettingSchema }),
        security,
      },
    },
    (request) => {
      requireSchoolRole(currentUser(request), request.params.id, 'admin');
      return saveTeamRankingMode(db, auditActor(request), request.body.ranking);
    },
  );
}
