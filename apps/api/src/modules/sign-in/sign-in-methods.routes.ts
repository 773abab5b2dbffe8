import {
  linkedSignInsSchema,
  schoolSignInMethodsSchema,
  signInProviderIdSchema,
} from '@wellbank/domain';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context.ts';
import { notFound, responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireSchoolRole } from '../auth/access.ts';
import { ALLOW_WHILE_UNPAID, createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { listLinkedSignIns, unlinkSignIn } from './linked-sign-ins.service.ts';
import { readSignInMethods, saveSignInMethods } from './sign-in-methods.service.ts';

const linkParams = idParams.extend({ provider: signInProviderIdSchema });

/**
 * The school's sign-in methods (its admins) and a user's linked district accounts (themself),
 * decision 0050. The sign-in flow's own routes are elsewhere in this module.
 */
export function signInMethodsRoutes(app: App, context: AppContext) {
  const { db } = context;
  const authenticate = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/schools/:id/sign-in-methods',
    {
      onRequest: authenticate,
      schema: {
        description:
          "The school's admins: each provider the deployment configured, on or off and perhaps " +
          'narrowed to a domain, tenant or district, and whether passwords are refused to its ' +
          'students and staff.',
        params: idParams,
        response: responses({ 200: schoolSignInMethodsSchema }),
        security,
      },
    },
    (request) => {
      requireSchoolRole(currentUser(request), request.params.id, 'admin');
      return readSignInMethods(db, request.params.id, context.signInProviders);
    },
  );

  app.put(
    '/schools/:id/sign-in-methods',
    {
      onRequest: authenticate,
      schema: {
        description:
          "Saves the school's sign-in methods (its admins): 422 for a provider not configured or " +
          'listed twice, a restriction on the generic provider, or district sign-in only with ' +
          'every provider off.',
        params: idParams,
        body: schoolSignInMethodsSchema,
        response: responses({ 200: schoolSignInMethodsSchema }),
        security,
      },
    },
    (request) => {
      requireSchoolRole(currentUser(request), request.params.id, 'admin');
      const input = { methods: request.body, providers: context.signInProviders };
      return saveSignInMethods(db, auditActor(request), input);
    },
  );

  app.get(
    '/users/:id/sign-ins',
    {
      onRequest: authenticate,
      config: ALLOW_WHILE_UNPAID,
      schema: {
        description: 'The district accounts linked to your account, and whether it has a password.',
        params: idParams,
        response: responses({ 200: linkedSignInsSchema }),
        security,
      },
    },
    (request) => {
      // Only yourself: another user's id is "not found", never "forbidden" (no probing).
      if (request.params.id !== currentUser(request).id) throw notFound();
      return listLinkedSignIns(db, currentUser(request), context.signInProviders);
    },
  );

  app.delete(
    '/users/:id/sign-ins/:provider',
    {
      onRequest: authenticate,
      config: ALLOW_WHILE_UNPAID,
      schema: {
        description:
          'Unlinks one of your district accounts; 422 when it is your last way in (no password, ' +
          'no other link).',
        params: linkParams,
        response: responses({ 204: z.null() }),
        security,
      },
    },
    async (request, reply) => {
      if (request.params.id !== currentUser(request).id) throw notFound();
      await unlinkSignIn(db, auditActor(request), request.params.provider);
      return reply.status(204).send(null);
    },
  );
}
