import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  invitationAcceptSchema,
  invitationSchema,
  invitationTokenParams,
  MESSAGES,
  newStudentSchema,
  ROSTER_MAX_BYTES,
  ROSTER_MESSAGES,
  rosterQuerySchema,
  rosterResponseSchema,
  schoolUserSchema,
  sessionRecordSchema,
  studentEmailSchema,
} from '@wellbank/domain';
import { z } from 'zod';
import { clientAddress } from '../../http/client-address.ts';
import type { App, AppContext } from '../../http/context.ts';
import { requestLanguage } from '../../http/error-language.ts';
import { AppError, responses } from '../../http/errors.ts';
import { idParams, pathId } from '../../http/params.ts';
import { auditActor } from '../audit-log/audit-log.ts';
import { requireOwnSchool, requireSchoolRole } from '../auth/access.ts';
import { createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { hashNewPassword } from '../auth/passwords.ts';
import {
  chargeRateLimits,
  RATE_LIMITS,
  refundRateLimitHits,
} from '../rate-limit/rate-limit.service.ts';
import { refusePasswordSignUp } from '../sign-in/district-only.ts';
import {
  countTakenEmailAnswers,
  emailProberOf,
  limitTakenEmailProbes,
} from '../users/email-probe-limit.ts';
import { acceptInvitation, findInvitation } from './invitations.service.ts';
import { pendingInvitationRoutes } from './pending-invitations.routes.ts';
import { countOtherSchoolsEmails, importRoster, processRoster } from './roster.service.ts';
import { byteLimit } from './roster-file.ts';
import { addStudentEmail } from './student-email.ts';
import { addStudent } from './students-without-email.ts';

const studentParams = z.object({ schoolId: pathId, userId: pathId });

/**
 * The upload written to a temporary file first, then read back by `use` (as often as it opens
 * it), and deleted: an import's transaction then lasts as long as the work, not as long as a slow
 * phone takes to send the file (on PGlite a transaction holds the one connection). Memory stays
 * flat either way. A run of the transaction after a deadlock opens it again and reads it from
 * the start (decision 0042).
 */
async function spooled<T>(body: Readable, use: (open: () => Readable) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'wellbank-roster-'));
  try {
    const path = join(dir, 'roster.csv');
    const limited = byteLimit(ROSTER_MAX_BYTES);
    // Not `pipeline(body, …)`: on a refusal it would destroy the request, and with it the
    // connection the refusal is answered on; the rest of the body is read and dropped instead.
    limited.once('error', () => {
      body.unpipe(limited);
      body.resume();
    });
    body.once('error', (error) => limited.destroy(error));
    body.pipe(limited);
    await pipeline(limited, createWriteStream(path, { mode: 0o600 }));
    return await use(() => createReadStream(path));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Roster import (decision 0030), in its own plugin: here a `text/csv` body is handed to the route
 * as the raw stream, read as it arrives (ROSTER_MAX_BYTES checked while reading); elsewhere the
 * API accepts JSON only.
 */
export function rosterRoutes(context: AppContext) {
  const { db, now, jobs } = context;

  /**
   * The invitation of a link, budgeted like the school-code lookup, but only wrong tokens stay
   * counted (charged first, refunded when right, as a join by the right code is): a class of 30
   * signing up from one school network must not be refused.
   */
  async function lookUpInvitation(token: string, address: string) {
    const charge = [{ limit: RATE_LIMITS.publicLookup, subject: address }];
    const hits = await chargeRateLimits(db, charge, now());
    const invitation = await findInvitation(db, token, now());
    await refundRateLimitHits(db, hits);
    return invitation;
  }

  return async function rosterPlugin(app: App) {
    app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));
    pendingInvitationRoutes(app, context);

    app.post(
      '/schools/:id/roster',
      {
        onRequest: createAuthenticate(context),
        schema: {
          description:
            'Admins: a roster CSV (first name, last name, e-mail, role student|staff, optional ' +
            'grade and homeroom; or a OneRoster 1.1 users.csv) as a text/csv body. dry_run=1 ' +
            'previews every row (new, member, invited, error with its reason); otherwise the new ' +
            'rows are invited in one transaction and only refused rows are listed.',
          params: idParams,
          querystring: rosterQuerySchema,
          consumes: ['text/csv'],
          response: responses({ 200: rosterResponseSchema }),
          security: [{ bearerAuth: [] }],
        },
      },
      async (request) => {
        const schoolId = request.params.id;
        requireSchoolRole(currentUser(request), schoolId, 'admin');
        const body = request.body;
        if (!(body instanceof Readable)) {
          throw new AppError('unprocessable', ROSTER_MESSAGES.mustBeCsv);
        }
        if (request.query.dry_run) {
          return processRoster(db, { schoolId, body, write: false, now: now(), jobs });
        }
        return spooled(body, async (open) => {
          // Other schools' e-mails are counted like "e-mail taken" answers before the import
          // runs, so a 429 leaves them counted and an import over the limit writes nothing.
          await countTakenEmailAnswers(db, {
            prober: emailProberOf(request, currentUser(request).id),
            now: now(),
            answers: await countOtherSchoolsEmails(db, { schoolId, body: open(), now: now() }),
          });
          return importRoster(db, auditActor(request), {
            schoolId,
            open,
            now: now(),
            jobs,
            language: requestLanguage(request),
          });
        });
      },
    );

    app.post(
      '/schools/:id/students',
      {
        onRequest: createAuthenticate(context),
        schema: {
          description:
            'Staff and admins: add one student by name, with an optional grade and homeroom, ' +
            'without e-mail or password (decision 0063), under the paid student cap. A student ' +
            'of the school with the same first name, last name and homeroom is a 409.',
          params: idParams,
          body: newStudentSchema,
          response: responses({ 201: schoolUserSchema }),
          security: [{ bearerAuth: [] }],
        },
      },
      async (request, reply) => {
        const schoolId = request.params.id;
        const user = currentUser(request);
        requireOwnSchool(user, schoolId);
        if (!user.roles.includes('staff') && !user.roles.includes('admin')) {
          throw new AppError('forbidden', MESSAGES.forbidden);
        }
        const added = await addStudent(db, auditActor(request), {
          schoolId,
          student: request.body,
          language: requestLanguage(request),
          now: now(),
        });
        return reply.status(201).send(added);
      },
    );

    app.post(
      '/schools/:schoolId/users/:userId/email',
      {
        onRequest: createAuthenticate(context),
        schema: {
          description:
            'Staff and admins: give a student of the school who has no e-mail an address, stored ' +
            'unconfirmed, and mail it a link (a week) to choose a password; following it confirms ' +
            'the address (decision 0063). 409 when another account has the address (counted as ' +
            'an "e-mail taken" answer) or the student has one already.',
          params: studentParams,
          body: studentEmailSchema,
          response: responses({ 200: schoolUserSchema }),
          security: [{ bearerAuth: [] }],
        },
      },
      (request) => {
        const { schoolId, userId } = request.params;
        const user = currentUser(request);
        requireOwnSchool(user, schoolId);
        if (!user.roles.includes('staff') && !user.roles.includes('admin')) {
          throw new AppError('forbidden', MESSAGES.forbidden);
        }
        const options = { prober: emailProberOf(request, user.id), now: now() };
        return limitTakenEmailProbes(db, options, () =>
          addStudentEmail(db, auditActor(request), {
            schoolId,
            userId,
            email: request.body.email,
            now: options.now,
            jobs,
          }),
        );
      },
    );

    app.get(
      '/invitations/:token',
      {
        schema: {
          description: 'Public: the invitation a mailed link carries, to prefill the sign-up form.',
          params: invitationTokenParams,
          response: responses({ 200: invitationSchema }),
        },
      },
      (request) => lookUpInvitation(request.params.token, clientAddress(request)),
    );

    app.post(
      '/invitations/:token/accept',
      {
        schema: {
          description:
            'Public: signs up the invited person (the user sign-up body; the e-mail is the ' +
            "invitation's), joined to its school with its role. The link then stops working.",
          params: invitationTokenParams,
          body: invitationAcceptSchema,
          response: responses({ 201: sessionRecordSchema }),
        },
      },
      async (request, reply) => {
        const address = clientAddress(request);
        const { user } = request.body;
        // Checked before the password is hashed, so a dead link costs no hashing.
        const invitation = await lookUpInvitation(request.params.token, address);
        const providers = context.signInProviders;
        const { school, role } = invitation;
        await refusePasswordSignUp(db, { schoolId: school.id, roles: [role], providers });
        const passwordHash = await hashNewPassword(user.password);
        const session = await acceptInvitation(db, {
          token: request.params.token,
          user,
          passwordHash,
          language: requestLanguage(request),
          clientAddress: address,
          now: now(),
          providers,
        });
        return reply.status(201).send(session);
      },
    );
  };
}
