import { userRecordSchema, userUpdateRequestSchema } from '@wellbank/domain';
import { clientAddress } from '../../http/client-address.ts';
import type { App, AppContext } from '../../http/context.ts';
import { notFound, responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { checkCurrentPassword } from '../auth/auth.service.ts';
import {
  ALLOW_WHILE_UNPAID,
  ALWAYS_OPEN_TO_SELF,
  createAuthenticate,
  currentUser,
} from '../auth/authenticate.ts';
import { hashNewPassword } from '../auth/passwords.ts';
import { emailProberOf, limitTakenEmailProbes } from './email-probe-limit.ts';
import { loadUserRecord } from './user-record.ts';
import { updateUser } from './users.service.ts';

export function usersRoutes(app: App, context: AppContext) {
  const { db, now } = context;
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
      const { password, current_password, ...profile } = request.body.user ?? {};
      const fields = { ...profile, language: request.body.language ?? request.body.user?.language };
      if (password) {
        await checkCurrentPassword(
          db,
          { userId: user.id, password: current_password },
          { address: clientAddress(request), now: now() },
        );
      }
      // Another person's e-mail answers 409, as at sign-up: counted the same way.
      const prober = emailProberOf(request, user.id);
      return limitTakenEmailProbes(db, { prober, now: now() }, async () => {
        // Hashed before the transaction opens, so it holds no locks for the 20 ms this takes.
        const passwordHash = password ? await hashNewPassword(password) : undefined;
        return db.transaction((tx) =>
          updateUser(tx, {
            userId: user.id,
            sessionId: user.sessionId,
            fields,
            passwordHash,
            now: now(),
          }),
        );
      });
    },
  );
}
