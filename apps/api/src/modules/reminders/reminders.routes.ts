import {
  FAMILY_SUMMARY_MESSAGES,
  pushSubscriptionSchema,
  REMINDER_MESSAGES,
  reminderSettingsRecordSchema,
  reminderSettingsSchema,
} from '@wellbank/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context.ts';
import { AppError, responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { requireSelf } from '../auth/access.ts';
import { ALLOW_WHILE_UNPAID, createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { isKnownPushService } from './push-sender.ts';
import type { ReminderKeys } from './reminder-keys.ts';
import {
  deletePushSubscription,
  readReminderSettings,
  savePushSubscription,
  saveReminderSettings,
  unsubscribe,
} from './reminders.service.ts';

export interface RemindersConfig {
  keys: ReminderKeys;
  /** Which push endpoints a browser may register: the browsers' push services (tests: loopback). */
  pushEndpointAllowed?: (endpoint: string) => boolean;
}

const unsubscribeAnswer = z.object({ message: z.string() });

/**
 * Reminders (issue 15, decision 0029): a person's settings and devices, self only (another id is
 * 404 as for GET /users/{id}); open while a payment is due, since /profile is.
 */
export function remindersRoutes(app: App, context: AppContext, config: RemindersConfig) {
  const { db, now } = context;
  const authenticate = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];
  const endpointAllowed = config.pushEndpointAllowed ?? isKnownPushService;

  app.get(
    '/users/:id/reminders',
    {
      onRequest: authenticate,
      config: ALLOW_WHILE_UNPAID,
      schema: {
        params: idParams,
        response: responses({ 200: reminderSettingsRecordSchema }),
        security,
      },
    },
    async (request) =>
      readReminderSettings(db, requireSelf(currentUser(request), request.params.id).id),
  );

  app.put(
    '/users/:id/reminders',
    {
      onRequest: authenticate,
      config: ALLOW_WHILE_UNPAID,
      schema: {
        params: idParams,
        body: reminderSettingsSchema,
        response: responses({ 200: reminderSettingsRecordSchema }),
        security,
      },
    },
    async (request) => {
      const user = requireSelf(currentUser(request), request.params.id);
      await saveReminderSettings(db, { userId: user.id, settings: request.body, now: now() });
      return readReminderSettings(db, user.id);
    },
  );

  app.post(
    '/users/:id/push-subscriptions',
    {
      onRequest: authenticate,
      config: ALLOW_WHILE_UNPAID,
      schema: {
        params: idParams,
        body: pushSubscriptionSchema,
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      const user = requireSelf(currentUser(request), request.params.id);
      if (!endpointAllowed(request.body.endpoint)) {
        throw new AppError('unprocessable', REMINDER_MESSAGES.pushInvalid);
      }
      await savePushSubscription(db, {
        userId: user.id,
        sessionId: user.sessionId,
        subscription: request.body,
      });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/users/:id/push-subscriptions',
    {
      onRequest: authenticate,
      config: ALLOW_WHILE_UNPAID,
      schema: {
        params: idParams,
        body: z.object({ endpoint: z.string().max(2048) }),
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      const user = requireSelf(currentUser(request), request.params.id);
      await deletePushSubscription(db, { userId: user.id, endpoint: request.body.endpoint });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/push/vapid-public-key',
    {
      onRequest: authenticate,
      config: ALLOW_WHILE_UNPAID,
      schema: { response: responses({ 200: z.object({ public_key: z.string() }) }), security },
    },
    async () => ({ public_key: (await config.keys.vapid()).publicKey }),
  );

  app.register(async (oneClick) => {
    // RFC 8058: mail providers POST `List-Unsubscribe=One-Click` as a form; the web page posts
    // the same. The body says nothing the token does not, so it is not parsed.
    oneClick.removeAllContentTypeParsers();
    oneClick.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 }, (_r, _b, done) =>
      done(null, undefined),
    );
    oneClick.withTypeProvider<ZodTypeProvider>().post(
      '/reminders/unsubscribe',
      {
        schema: {
          querystring: z.object({
            token: z.string({ error: REMINDER_MESSAGES.unsubscribeLinkInvalid }).max(200),
          }),
          response: responses({ 200: unsubscribeAnswer }),
        },
      },
      async (request) => {
        const claim = await config.keys.readUnsubscribeToken(request.query.token);
        if (!claim) throw new AppError('not_found', REMINDER_MESSAGES.unsubscribeLinkInvalid);
        await unsubscribe(db, claim, now());
        const messages = {
          'daily-email': REMINDER_MESSAGES.unsubscribedDaily,
          'weekly-summary': REMINDER_MESSAGES.unsubscribedWeekly,
          'family-summary': FAMILY_SUMMARY_MESSAGES.unsubscribed,
        };
        return { message: messages[claim.purpose] };
      },
    );
  });
}
