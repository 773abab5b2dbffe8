import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { MESSAGES } from '@wellbank/domain';
import type { FastifyInstance } from 'fastify';

/**
 * What a refusal of the HTTP exchange itself says, by status: the parser's (400, 408, 431), the
 * body's (413, 415), the static files' (403, 412, 416), Node's own (400 without Host, 417) and a
 * closing server's (503). The contract's `{error}` with one of our sentences, instead of Node's
 * empty body, Fastify's `{error, message, statusCode}` or a library's English.
 */
export const PROTOCOL_ERROR_MESSAGES: Readonly<Partial<Record<number, string>>> = {
  400: MESSAGES.badRequest,
  403: MESSAGES.forbidden,
  408: MESSAGES.requestTimeout,
  412: MESSAGES.preconditionFailed,
  413: MESSAGES.bodyTooLarge,
  415: MESSAGES.unsupportedMediaType,
  416: MESSAGES.rangeNotSatisfiable,
  417: MESSAGES.expectationFailed,
  431: MESSAGES.headersTooLarge,
  503: MESSAGES.serverRestarting,
};

type ProtocolStatus = 400 | 408 | 417 | 431;

const JSON_ERROR_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'x-content-type-options': 'nosniff',
  connection: 'close',
};

function errorBody(status: ProtocolStatus): string {
  return JSON.stringify({ error: PROTOCOL_ERROR_MESSAGES[status] });
}

/**
 * Fastify's `clientErrorHandler`: the parser refused the bytes before there was a request (a
 * header or request line over Node's 16 KB, a malformed request line, a request that took too
 * long), so the answer is written to the socket by hand.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status: ProtocolStatus =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  if (socket.writable) {
    const body = errorBody(status);
    const headers = { ...JSON_ERROR_HEADERS, 'content-length': Buffer.byteLength(body) };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * The refusals Node and Fastify write themselves unless told otherwise: an HTTP/1.1 request
 * without Host (RFC 9112 §3.2 says 400; app.ts creates the server with `requireHostHeader: false`
 * so that this hook answers it), an `Expect` other than 100-continue (417), and a request that
 * arrives while the server closes (503; app.ts turns Fastify's `return503OnClosing` off).
 */
export function installProtocolChecks(app: FastifyInstance) {
  app.server.on('checkExpectation', (_request: IncomingMessage, res: ServerResponse) => {
    const body = errorBody(417);
    res.writeHead(417, { ...JSON_ERROR_HEADERS, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // A callback hook, as it runs on every request: answering, it sends and does not call `done`.
  app.addHook('onRequest', (request, reply, done) => {
    const status = closing ? 503 : isMissingHost(request.raw) ? 400 : undefined;
    if (!status) return done();
    const error = PROTOCOL_ERROR_MESSAGES[status];
    reply.status(status).header('connection', 'close').send({ error });
  });
}

function isMissingHost(request: IncomingMessage): boolean {
  return request.httpVersion === '1.1' && !request.headers.host;
}
