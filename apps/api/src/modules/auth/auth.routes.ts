import {
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  sessionRecordSchema,
} from '@wellbank/domain';
import { z } from 'zod';
import { clientAddress } from '../../http/client-address.ts';
import type { App, AppContext } from '../../http/context.ts';
import { responses } from '../../http/errors.ts';
import { hitRateLimit, RATE_LIMITS } from '../rate-limit/rate-limit.service.ts';
import { checkCredentials, checkPasswordReset, resetPassword, signIn } from './auth.service.ts';
import { ALWAYS_OPEN_TO_SELF, createAuthenticate, currentUser } from './authenticate.ts';
import { PASSWORD_RESET_MAIL } from './password-reset-mail.job.ts';
import { hashNewPassword } from './passwords.ts';
import { revokeSession } from './sessions.ts';

export function authRoutes(app: App, context: AppContext) {
  const { db, jobs, now } = context;

  app.post(
    '/authentication/authenticate',
    { schema: { body: loginSchema, response: responses({ 200: sessionRecordSchema }) } },
    async (request) => {
      const client = { address: clientAddress(request), now: now() };
      const userId = await checkCredentials(db, request.body, client);
      return signIn(db, userId, { ...client, providers: context.signInProviders });
    },
  );

  app.delete(
    '/authentication/session',
    {
      onRequest: createAuthenticate(context),
      config: ALWAYS_OPEN_TO_SELF,
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
      // The same one write whether or not the account exists, so an existing address does not
      // answer measurably slower; the job looks it up. Its own statement, so it commits alone.
      // The job builds the link from APP_URL or the server's own address, never from this
      // request's Host header, which the sender chooses.
      await jobs.send(db, PASSWORD_RESET_MAIL, { email });
      return {};
    },
  );

  app.post(
    '/reset-password',
    { schema: { body: resetPasswordSchema, response: responses({ 200: sessionRecordSchema }) } },
    async (request) => {
      const { token, email, password } = request.body;
      const client = { address: clientAddress(request), now: now() };
      // Every try counts, per client address, before any work (decision 0045); then the link is
      // checked, and only a usable one gets its new password hashed.
      await hitRateLimit(db, RATE_LIMITS.resetPasswordPerAddress, client.address, client.now);
      await checkPasswordReset(db, { token, email }, client.now);
      const passwordHash = await hashNewPassword(password);
      const providers = context.signInProviders;
      return resetPassword(db, { token, email, passwordHash }, { ...client, providers });
    },
  );
}
