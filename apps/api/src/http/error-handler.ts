import { CLASS_CHALLENGE_MESSAGES, MESSAGES } from '@wellbank/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDataException, isTransactionConflict, violatedUniqueConstraint } from '../db/errors.ts';
import { AppError, statusFor } from './errors.ts';
import { PROTOCOL_ERROR_MESSAGES } from './protocol-errors.ts';

/** A unique index that a user's input can hit, and what to tell them (409). */
const CONFLICT_MESSAGES: Record<string, string> = {
  schools_code_unique: MESSAGES.schoolCodeTaken,
  users_email_unique: MESSAGES.emailTaken,
  class_challenges_one_running: CLASS_CHALLENGE_MESSAGES.oneRunning,
};

const UNSTORABLE_VALUE = 'The request contains a value that cannot be stored';

/** Seconds a client waits before it asks again, when the database stayed busy (decision 0042). */
const CONFLICT_RETRY_AFTER_SECONDS = 1;

const MALFORMED_BODY_CODES = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
]);

/**
 * The one place an error becomes a response: always `{error: message}`, never a stack trace;
 * 5xx messages are hidden from the client and reported instead.
 */
export function installErrorHandler(
  app: FastifyInstance,
  reportError: (error: unknown) => void = () => {},
) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(statusFor(error.code)).send({ error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'params') {
        return reply.status(404).send({ error: MESSAGES.notFound });
      }
      // One message, the first: the same one the browser form shows for this field (SPEC.md §5).
      return reply.status(422).send({ error: error.validation[0]?.message ?? MESSAGES.notFound });
    }
    if (MALFORMED_BODY_CODES.has(error.code)) {
      return reply.status(400).send({ error: MESSAGES.malformedJson });
    }
    const constraint = violatedUniqueConstraint(error);
    const conflict = constraint === undefined ? undefined : CONFLICT_MESSAGES[constraint];
    if (conflict) return reply.status(409).send({ error: conflict });
    if (isDataException(error)) return reply.status(422).send({ error: UNSTORABLE_VALUE });
    if (isTransactionConflict(error)) {
      // Still a deadlock or serialization failure after every run of the transaction
      // (db/transaction-retry.ts): the database is busy, not broken, so the client may try again.
      request.log.warn({ err: error }, 'transaction in conflict after every retry');
      reply.header('retry-after', String(CONFLICT_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ error: MESSAGES.serverBusy });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // A framework refusal (body too large, unknown media type…) says it in our words.
      return reply.status(status).send({ error: PROTOCOL_ERROR_MESSAGES[status] ?? error.message });
    }
    request.log.error({ err: error }, 'request failed');
    reportError(error);
    return reply.status(500).send({ error: MESSAGES.serverError });
  });
}

/**
 * Fastify's `frameworkErrors`: the router refuses a path before any route or error handler runs
 * (bad percent-encoding, a parameter over 100 characters). Such a path names nothing, so it is
 * 404 like a malformed id; Fastify's own body would echo the path and an internal code.
 */
export function answerUnroutablePath(_error: FastifyError, _request: unknown, reply: FastifyReply) {
  return reply.status(404).send({ error: MESSAGES.notFound });
}
