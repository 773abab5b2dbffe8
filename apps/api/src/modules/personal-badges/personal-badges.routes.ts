import { personalBadgeSchema, personalBadgesSchema } from '@wellbank/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context.ts';
import { responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { requireSelf } from '../auth/access.ts';
import { ALLOW_WHILE_UNPAID, createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { markCelebrated, readPersonalBadges } from './personal-badges.service.ts';

/**
 * Personal badges (issue 37 §3, decision 0078): a person's own, self only (another id is 404 as
 * for GET /users/{id}): earned against their own past, so nobody else's business.
 */
export function personalBadgesRoutes(app: App, context: AppContext) {
  const { db, now } = context;
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/users/:id/personal-badges',
    {
      onRequest,
      // On /profile, which stays open while a payment is due (as reminders do).
      config: ALLOW_WHILE_UNPAID,
      schema: {
        description:
          'Self only: the badges earned against your own past days, oldest first, each with ' +
          'whether its celebration was shown. Never about stress.',
        params: idParams,
        response: responses({ 200: personalBadgesSchema }),
        security,
      },
    },
    async (request) => {
      const user = requireSelf(currentUser(request), request.params.id);
      return readPersonalBadges(db, { userId: user.id, timeZone: user.timeZone, now: now() });
    },
  );

  app.post(
    '/users/:id/personal-badges/:badge/celebration',
    {
      onRequest,
      // On /profile, which stays open while a payment is due (as reminders do).
      config: ALLOW_WHILE_UNPAID,
      schema: {
        description: "Self only: the badge's celebration was shown; it is not shown again.",
        params: idParams.extend({ badge: personalBadgeSchema }),
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      const user = requireSelf(currentUser(request), request.params.id);
      await markCelebrated(db, {
        userId: user.id,
        timeZone: user.timeZone,
        now: now(),
        badge: request.params.badge,
      });
      return reply.status(204).send(null);
    },
  );
}
