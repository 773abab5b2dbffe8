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
 */
export function installErrorLanguage(app: FastifyInstance) {
  // A callback hook: it runs on every answer, and an async one costs a promise and a microtask.
  app.addHook('preSerialization', (request, reply, payload: unknown, done) => {
    if (reply.statusCode < 400 || !isErrorBody(payload)) return done(null, payload);
    const language = requestLanguage(request);
    reply.header('content-language', language);
    done(
      null,
      language === 'en' ? payload : { ...payload, error: translate(language, payload.error) },
    );
  });
}

function isErrorBody(payload: unknown): payload is { error: string } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { error?: unknown }).error === 'string'
  );
}
