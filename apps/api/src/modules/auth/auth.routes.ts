import {
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  sessionRecordSchema,
} from '@wellbank/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context.ts';
import { responses } from '../../http/errors.ts';
import { hitRateLimit, RATE_LIMITS } from '../rate-limit/rate-limit.service.ts';
import { openSession } from '../users/users.service.ts';
import { checkCredentials, createPasswordReset, resetLink, resetPassword } from './auth.service.ts';
import { ALLOW_WHILE_UNPAID, createAuthenticate, currentUser } from './authenticate.ts';
import { hashPassword } from './passwords.ts';
import { revokeSession } from './sessions.ts';

export function authRoutes(app: App, context: AppContext) {
  const { db, mailer, now } = context;

  app.post(
    '/authentication/authenticate',
    { schema: { body: loginSchema, response: responses({ 200: sessionRecordSchema }) } },
    async (request) => {
      const userId = await checkCredentials(db, request.body, now());
      return db.transaction((tx) => openSession(tx, userId, now()));
    },
  );

  app.delete(
    '/authentication/session',
    {
      onRequest: createAuthenticate(context),
      config: ALLOW_WHILE_UNPAID,
      schema: { response: responses({ 204: z.null() }), security: [{ bearerAuth: [] }] },
    },
    async (request, reply) => {
      await revokeSession(db, currentUser(request).sessionId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/forgot-password',
    { schema: { body: forgotPasswordSchema, response: responses({ 200: z.object({}) }) } },
    async (request) => {
      const { email } = request.body;
      // Counted whether or not the account exists, so a 429 reveals nothing either.
      await hitRateLimit(db, RATE_LIMITS.forgotPassword, email, now());
      const token = await db.transaction((tx) => createPasswordReset(tx, email, now()));
      if (token) {
        // Not awaited: an existing account must not answer measurably slower than a missing one.
        mailer
          .send({
            to: email,
            subject: 'Reset your Wellbank password',
            text: resetMailText(resetLink(context.appUrl, token, email)),
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'reset mail not sent'));
      }
      return {};
    },
  );

  app.post(
    '/reset-password',
    { schema: { body: resetPasswordSchema, response: responses({ 200: sessionRecordSchema }) } },
    async (request) => {
      const { token, email, password } = request.body;
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const userId = await resetPassword(tx, { token, email, passwordHash }, now());
        return openSession(tx, userId, now());
      });
    },
  );
}

function resetMailText(link: string): string {
  return [
    'Someone asked to reset the password of your Wellbank account.',
    '',
    `Choose a new password here (the link works once, for one hour):`,
    link,
    '',
    'If it was not you, ignore this e-mail: your password stays as it is.',
  ].join('\n');
}
