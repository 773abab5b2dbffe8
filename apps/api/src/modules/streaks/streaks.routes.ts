import { holidaysSchema, isIsoDate, schoolDate, streakSchema } from '@wellbank/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context.ts';
import { responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireOwnSchool, requireSchoolRole, requireSelf } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { listHolidays, setHoliday } from './holidays.service.ts';
import { readStreak } from './streaks.service.ts';

const holidayParams = idParams.extend({
  date: z.string().refine(isIsoDate, 'date must be a real date, YYYY-MM-DD'),
});

/**
 * Streaks that forgive (issue 37 §1, decision 0082): a person's own streak, self only (another
 * id is 404 as for GET /users/{id}), and the school's calendar of days without school.
 */
export function streaksRoutes(app: App, context: AppContext) {
  const { db, now } = context;
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/users/:id/streak',
    {
      onRequest,
      schema: {
        description:
          'Self only: the streak of complete school days now, the rest days held, and how each ' +
          'day of this week (Monday to Sunday) left the streak.',
        params: idParams,
        response: responses({ 200: streakSchema }),
        security,
      },
    },
    (request) => {
      const user = requireSelf(currentUser(request), request.params.id);
      const today = schoolDate(now(), user.timeZone);
      return readStreak(db, { userId: user.id, schoolId: user.schoolId, today });
    },
  );

  app.get(
    '/schools/:id/holidays',
    {
      onRequest,
      schema: {
        description: "The school's members: its days without school from today on, in order.",
        params: idParams,
        response: responses({ 200: holidaysSchema }),
        security,
      },
    },
    async (request) => {
      const user = currentUser(request);
      requireOwnSchool(user, request.params.id);
      const today = schoolDate(now(), user.timeZone);
      return { holidays: await listHolidays(db, { schoolId: user.schoolId, today }) };
    },
  );

  for (const [method, on] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/schools/:id/holidays/:date',
      {
        onRequest,
        schema: {
          description: on
            ? "The school's admins mark a weekday after today (at most a year ahead) as a day " +
              'without school: streaks neither break nor grow on it. Marking it twice is fine.'
            : 'The school’s admins unmark a day without school after today.',
          params: holidayParams,
          response: responses({ 204: z.null() }),
          security,
        },
      },
      async (request, reply) => {
        requireSchoolRole(currentUser(request), request.params.id, 'admin');
        await setHoliday(db, { by: auditActor(request), date: request.params.date, on, now });
        return reply.status(204).send(null);
      },
    );
  }
}
