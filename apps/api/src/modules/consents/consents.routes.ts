import {
  consentRecordsSchema,
  policyConsentRequestSchema,
  policyConsentSchema,
  schoolConsentsPath,
  schoolConsentsQuerySchema,
} from '@wellbank/domain';
import { clientAddress } from '../../http/client-address.ts';
import type { App, AppContext } from '../../http/context.ts';
import { notFound, responses } from '../../http/errors.ts';
import { sendPage } from '../../http/paged-reply.ts';
import { idParams } from '../../http/params.ts';
import { requireSchoolRole } from '../auth/access.ts';
import { ALLOW_WHILE_UNPAID, createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { agreeToPolicies, findPolicyConsent, listSchoolConsentsPage } from './consents.service.ts';

/** Consent records (decision 0024): the coordinator's record, and agreeing to a new version. */
export function consentsRoutes(app: App, context: AppContext) {
  const { db, now } = context;
  const onRequest = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/schools/:id/consents',
    {
      onRequest,
      schema: {
        description:
          "The school's consent record, for its admins, newest first: every agreement to the " +
          'policies and every parental-consent attestation, with the text version, time, person ' +
          'and client address. One page: X-Total-Count, the number of records; Link: <…>; ' +
          'rel="next", the next page, absent on the last.',
        params: idParams,
        querystring: schoolConsentsQuerySchema,
        response: responses({ 200: consentRecordsSchema }),
        security,
      },
    },
    async (request, reply) => {
      const schoolId = request.params.id;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      const { limit, cursor } = request.query;
      const page = await listSchoolConsentsPage(db, { schoolId, limit, cursor });
      const next =
        page.nextCursor &&
        app.prefix + schoolConsentsPath({ schoolId, limit, cursor: page.nextCursor });
      return sendPage(reply, { rows: page.rows, total: page.total, next });
    },
  );

  // Asked before anything else a signed-in user sees, unpaid or not.
  app.get(
    '/users/:id/policy-consent',
    {
      onRequest,
      config: ALLOW_WHILE_UNPAID,
      schema: { params: idParams, response: responses({ 200: policyConsentSchema }), security },
    },
    async (request) => {
      if (request.params.id !== currentUser(request).id) throw notFound();
      return findPolicyConsent(db, request.params.id);
    },
  );

  app.post(
    '/users/:id/policy-consent',
    {
      onRequest,
      config: ALLOW_WHILE_UNPAID,
      schema: {
        description: 'Agrees to the current version of the policies (the version read is sent).',
        params: idParams,
        body: policyConsentRequestSchema,
        response: responses({ 201: policyConsentSchema }),
        security,
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      if (request.params.id !== userId) throw notFound();
      const consent = await agreeToPolicies(db, {
        userId,
        version: request.body.version,
        clientAddress: clientAddress(request),
        now: now(),
      });
      return reply.status(201).send(consent);
    },
  );
}
