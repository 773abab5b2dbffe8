import {
  ACCOUNT_EMAIL_MESSAGES,
  emailLinkRequestSchema,
  emailLinkResultSchema,
  userRecordSchema,
  userUpdateRequestSchema,
} from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { App, AppContext } from '../../http/context.ts';
import { AppError, notFound, responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { checkCurrentPassword } from '../auth/auth.service.ts';
import {
  ALLOW_WHILE_UNPAID,
  ALWAYS_OPEN_TO_SELF,
  createAuthenticate,
  currentUser,
} from '../auth/authenticate.ts';
import { hashNewPassword } from '../auth/passwords.ts';
import { useEmailLink } from './email-links.service.ts';
import { emailProberOf, limitTakenEmailProbes } from './email-probe-limit.ts';
import { loadUserRecord } from './user-record.ts';
import { updateUser } from './users.service.ts';

export function usersRoutes(app: App, context: AppContext) {
  const { db, jobs, now } = context;
  const authenticate = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/users/:id',
    {
      onRequest: authenticate,
      config: ALWAYS_OPEN_TO_SELF,
      schema: { params: idParams, response: responses({ 200: userRecordSchema }), security },
    },
    async (request) => {
      // Only yourself: another user's id is "not found", never "forbidden" (no probing).
      if (request.params.id !== currentUser(request).id) throw notFound();
      return loadUserRecord(db, request.params.id);
    },
  );

  app.patch(
    '/users/:id',
    {
      onRequest: authenticate,
      config: ALLOW_WHILE_UNPAID,
      schema: {
        params: idParams,
        body: userUpdateRequestSchema,
        response: responses({ 200: userRecordSchema }),
        security,
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.params.id !== user.id) throw notFound();
      const { password, current_password, email, ...profile } = request.body.user ?? {};
      const fields = { ...profile, language: request.body.language ?? request.body.user?.language };
      const [current] = await db
        .select({ email: users.email, confirmedAt: users.emailConfirmedAt })
        .from(users)
        .where(eq(users.id, user.id));
      const newEmail = email !== undefined && email !== current?.email ? email : undefined;
      // A session alone changes neither the password nor the address (decision 0044). An account
      // without an address has no password either (decision 0063): it adds its first address
      // with its session, which takes effect only when the link mailed to it is followed.
      const proveEmailChange = newEmail !== undefined && current?.email != null;
      if (proveEmailChange && !current_password) {
        throw new AppError('unprocessable', ACCOUNT_EMAIL_MESSAGES.currentPasswordForEmail);
      }
      // Another person's e-mail answers 409, as at sign-up: counted the same way.
      const prober = emailProberOf(request, user.id);
      return limitTakenEmailProbes(db, { prober, now: now() }, async () => {
        // Inside the probe limit, so a prober over it is refused before any password is verified.
        if (password || proveEmailChange) {
          await checkCurrentPassword(
            db,
            { userId: user.id, password: current_password },
            { address: clientAddress(request), now: now() },
          );
        }
        // Hashed before the transaction opens, so it holds no locks for the 20 ms this takes.
        const passwordHash = password ? await hashNewPassword(password) : undefined;
        return updateUser(db, jobs, auditActor(request), {
          sessionId: user.sessionId,
          fields,
          passwordHash,
          emailChange: newEmail && current ? { current, newEmail } : undefined,
          now: now(),
        });
      });
    },
  );

  // A mailed confirmation or undo link (decision 0044): the token alone authorises it, so it
  // works signed in or not, in any browser. A GET never acts (mail scanners follow links).
  app.post(
    '/email-links',
    {
      schema: { body: emailLinkRequestSchema, response: responses({ 200: emailLinkResultSchema }) },
    },
    async (request) => {
      const client = { clientAddress: clientAddress(request), now: now() };
      const message = await useEmailLink(db, { token: request.body.token, ...client });
      return { message };
    },
  );
}
