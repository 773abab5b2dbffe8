import { schoolInsightsSchema } from '@wellbank/domain';
import type { App, AppContext } from '../../http/context.ts';
import { responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { requireOwnSchool, requireRole } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { schoolInsights } from './insights.service.ts';

/**
 * School insights (issue 16 §4, decision 0032), for the school's admins and staff. Aggregates
 * only, none from fewer than MIN_INSIGHT_GROUP students, no stress average: nothing in it is one
 * student's data, so the read is not in the activity log.
 */
export function insightsRoutes(app: App, context: AppContext) {
  const { db, now } = context;
  app.get(
    '/schools/:id/insights',
    {
      onRequest: createAuthenticate(context),
      schema: {
        description:
          "The school's students in aggregate over the last four whole Monday-to-Sunday weeks " +
          'whose days can no longer change, for its admins and staff: daily participation, and ' +
          "per week the average energy (the balance before stress), each category's average " +
          '(never stress) and the days per colour of their energy. A figure from fewer ' +
          'than min_group_size students is null with suppressed: "too_few_students".',
        params: idParams,
        response: responses({ 200: schoolInsightsSchema }),
        security: [{ bearerAuth: [] }],
      },
    },
    (request) => {
      const user = currentUser(request);
      const schoolId = request.params.id;
      requireOwnSchool(user, schoolId);
      if (!user.roles.includes('admin')) requireRole(user, 'staff');
      return schoolInsights(db, { schoolId, timeZone: user.timeZone, now: now() });
    },
  );
}
