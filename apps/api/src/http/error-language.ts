import { type Language, negotiateLanguage } from '@wellbank/domain';
import { translate } from '@wellbank/domain/i18n/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The language a request is answered in (decision 0034): its Accept-Language, also for a
 * signed-in user (the web app sends the language it shows); mail goes by the stored language.
 */
export function requestLanguage(request: FastifyRequest): Language {
  return negotiateLanguage(request.headers['accept-language']);
}

/**
 * The one place an `{error}` is translated: every error body, whoever wrote it (the error
 * handler, a route, a hook, under-pressure), is English until here. `Content-Language` says which
 * language the sentence is in; an error is not cached, so it needs no `Vary`.
 *
 * An `onSend` hook, on the serialised body: an answer under 400 passes at once, and a
 * `preSerialization` hook made Fastify run its hook chain before every serialisation, for the
 * few answers that are errors (docs/performance.md).
 */
export function installErrorLanguage(app: FastifyInstance) {
  // A callback hook: it runs on every answer, and an async one costs a promise and a microtask.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return done(null, payload);
    const body = errorBody(payload);
    if (!body) return done(null, payload);
    const language = requestLanguage(request);
    reply.header('content-language', language);
    done(
      null,
      language === 'en'
        ? payload
        : JSON.stringify({ ...body, error: translate(language, body.error) }),
    );
  });
}

/** The `{error}` a serialised answer carries, if it is one. */
function errorBody(payload: string): { error: string } | undefined {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return undefined;
  }
  return typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'string'
    ? (body as { error: string })
    : undefined;
}
