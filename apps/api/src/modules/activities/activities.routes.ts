import {
  activitiesSchema,
  activityBodySchema,
  activitySchema,
  activityTypeMismatchMessage,
  isActivityType,
  parseActivityProperties,
  piggyBanksSchema,
  unknownActivityTypeMessage,
} from '@wellbank/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context.ts';
import { AppError, responses } from '../../http/errors.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { listTodaysActivities, listUsablePiggyBanks, saveActivity } from './activities.service.ts';

const typeParams = z.object({ type: z.string().max(40) });

export function activitiesRoutes(app: App, context: AppContext) {
  const { db, now } = context;
  const authenticate = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/activities',
    {
      onRequest: authenticate,
      schema: { response: responses({ 200: activitiesSchema }), security },
    },
    (request) => listTodaysActivities(db, currentUser(request), now()),
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
      const { activity } = request.body;
      if (!isActivityType(type)) throw unprocessable(unknownActivityTypeMessage(type));
      if (activity.activity_type && activity.activity_type !== type) {
        throw unprocessable(activityTypeMismatchMessage(activity.activity_type, type));
      }
      // The client's `total` is ignored: the server scores the properties itself.
      const parsed = parseActivityProperties(type, activity.properties);
      if ('error' in parsed) throw unprocessable(parsed.error);
      const user = currentUser(request);
      return saveActivity(db, { user, type, values: parsed.values, now: now() });
    },
  );

  app.get(
    '/piggy-banks',
    {
      onRequest: authenticate,
      schema: { response: responses({ 200: piggyBanksSchema }), security },
    },
    (request) => listUsablePiggyBanks(db, currentUser(request), now()),
  );
}

function unprocessable(message: string): AppError {
  return new AppError('unprocessable', message);
}
