import {
  MESSAGES,
  publicSchoolSchema,
  schoolCodeQuerySchema,
  schoolJoinRequestSchema,
  schoolLookupSchema,
  schoolSignupRequestSchema,
  schoolSignupResponseSchema,
  sessionRecordSchema,
} from '@wellbank/domain';
import { clientAddress } from '../../http/client-address.ts';
import type { App, AppContext } from '../../http/context.ts';
import { requestLanguage } from '../../http/error-language.ts';
import { responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { hashNewPassword } from '../auth/passwords.ts';
import { publicLookupRoutes } from '../rate-limit/public-lookup.ts';
import { emailProberOf, limitTakenEmailProbes } from '../users/email-probe-limit.ts';
import { signUpUser } from '../users/user-sign-up.ts';
import { findPublicSchool, findSchoolByCode, signUpSchool } from './schools.service.ts';

export function schoolsRoutes(app: App, context: AppContext) {
  const { db, jobs, now } = context;

  app.post(
    '/signup',
    {
      schema: {
        body: schoolSignupRequestSchema,
        response: responses({ 201: schoolSignupResponseSchema }),
      },
    },
    async (request, reply) => {
      const user = await limitTakenEmailProbes(
        db,
        { prober: emailProberOf(request), now: now() },
        async () => {
          const passwordHash = await hashNewPassword(request.body.user.password);
          return signUpSchool(db, {
            request: request.body,
            passwordHash,
            now: now(),
            language: requestLanguage(request),
            jobs,
            clientAddress: clientAddress(request),
            providers: context.signInProviders,
          });
        },
      );
      return reply.status(201).send({ user });
    },
  );

  publicLookupRoutes(app, context, {
    path: '/schools',
    querystring: schoolCodeQuerySchema,
    found: schoolLookupSchema,
    foundById: publicSchoolSchema,
    byQuery: (db, query) => findSchoolByCode(db, query.code),
    byId: (db, id) => findPublicSchool(db, { id }),
    notFoundMessage: MESSAGES.schoolNotFound,
  });

  app.post(
    '/schools/:id/users',
    {
      schema: {
        params: idParams,
        body: schoolJoinRequestSchema,
        response: responses({ 201: sessionRecordSchema }),
      },
    },
    async (request, reply) => {
      const session = await signUpUser(db, {
        prober: emailProberOf(request),
        now,
        jobs,
        user: request.body.user,
        language: requestLanguage(request),
        roles: ['student'],
        providers: context.signInProviders,
        // The id alone is not enough: the school code proves the person was given it.
        place: async (db) => {
          const { code } = request.body;
          const school = code && (await findPublicSchool(db, { id: request.params.id, code }));
          return school ? { schoolId: school.id } : undefined;
        },
      });
      return reply.status(201).send(session);
    },
  );
}
