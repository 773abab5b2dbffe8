import {
  dailyBalancesSchema,
  dailySnapshotQuerySchema,
  weeklySnapshotSchema,
} from '@wellbank/domain';
import type { App, AppContext } from '../../http/context.ts';
import { responses } from '../../http/errors.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { dailyBalances, weeklySnapshot } from './snapshots.service.ts';

export function snapshotsRoutes(app: App, context: AppContext) {
  const { db, now } = context;
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/snapshots/weekly',
    { onRequest, schema: { response: responses({ 200: weeklySnapshotSchema }), security } },
    (request) => {
      const user = currentUser(request);
      return weeklySnapshot(db, { userId: user.id, schoolId: user.schoolId, now: now() });
    },
  );

  app.get(
    '/snapshots/daily',
    {
      onRequest,
      schema: {
        querystring: dailySnapshotQuerySchema,
        response: responses({ 200: dailyBalancesSchema }),
        security,
      },
    },
    (request) => {
      const user = currentUser(request);
      const { days } = request.query;
      return dailyBalances(db, { userId: user.id, schoolId: user.schoolId, now: now(), days });
    },
  );
}
