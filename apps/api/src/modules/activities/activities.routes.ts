import {
  activitiesSchema,
  activityBodySchema,
  activitySchema,
  activityTypeMismatchMessage,
  DAY_REFUSAL_MESSAGES,
  dayQuerySchema,
  isActivityType,
  parseActivityProperties,
  piggyBanksSchema,
  requestedDay,
  schoolDate,
  unknownActivityTypeMessage,
} from '@wellbank/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context.ts';
import { AppError, responses } from '../../http/errors.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import type { AuthUser } from '../auth/sessions.ts';
import { listDayActivities, listUsablePiggyBanks, saveActivity } from './activities.service.ts';

const typeParams = z.object({ type: z.string().max(40) });

export function activitiesRoutes(app: App, context: AppContext) {
  const { db, now } = context;
  const authenticate = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/activities',
    {
      onRequest: authenticate,
      schema: {
        querystring: dayQuerySchema,
        response: responses({ 200: activitiesSchema }),
        security,
      },
    },
    (request) => {
      const user = currentUser(request);
      return listDayActivities(db, user, dayOf(request.query.date, user, now(), 'read'));
    },
  );

  app.put(
    '/activities/:type',
    {
      onRequest: authenticate,
      schema: {
        params: typeParams,
        body: activityBodySchema,
        response: responses({ 200: activitySchema }),
        security,
      },
    },
    async (request) => {
      const { type } = request.params;
      const { activity, date } = request.body;
      if (!isActivityType(type)) throw unprocessable(unknownActivityTypeMessage(type));
      if (activity.activity_type && activity.activity_type !== type) {
        throw unprocessable(activityTypeMismatchMessage(activity.activity_type, type));
      }
      // The client's `total` is ignored: the server scores the properties itself.
      const parsed = parseActivityProperties(type, activity.properties);
      if ('error' in parsed) throw unprocessable(parsed.error);
      const user = currentUser(request);
      const at = now();
      const day = dayOf(date, user, at, 'edit');
      return saveActivity(db, { user, type, values: parsed.values, now: at, day });
    },
  );

  app.get(
    '/piggy-banks',
    {
      onRequest: authenticate,
      schema: {
        querystring: dayQuerySchema,
        response: responses({ 200: piggyBanksSchema }),
        security,
      },
    },
    (request) => {
      const user = currentUser(request);
      return listUsablePiggyBanks(db, user, dayOf(request.query.date, user, now(), 'read'));
    },
  );
}

/**
 * The school-local day a request names (`?date=` or the body's `date`), today when it names none.
 * "Today" comes from the server's clock in the school's time zone, never from the client.
 */
function dayOf(date: string | undefined, user: AuthUser, at: Date, purpose: 'read' | 'edit') {
  const result = requestedDay(date, schoolDate(at, user.timeZone), purpose);
  if ('day' in result) return result.day;
  // A malformed date is a validation error like any other field's (422), not a malformed request.
  throw new AppError('unprocessable', DAY_REFUSAL_MESSAGES[result.refusal]);
}

function unprocessable(message: string): AppError {
  return new AppError('unprocessable', message);
}
