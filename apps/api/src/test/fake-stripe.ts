import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The fields of a Stripe checkout session that Wellbank reads or sends. */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
}

/** One request the fake received: the official client sends form-encoded bodies. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
  /** The session created or asked for. */
  sessionId: string | undefined;
}

/**
 * A stand-in for api.stripe.com on loopback, answering only the two endpoints Wellbank calls, so
 * the real `stripe` package is exercised end to end (encoding, auth, errors) without the network.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeCheckoutSession>();
  const requests: FakeStripeRequest[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const { pathname } = new URL(request.url ?? '/', 'http://fake-stripe');
    const form = new URLSearchParams(await readBody(request));
    const method = request.method ?? '';
    const record = { method, path: pathname, authorization: request.headers.authorization, form };
    if (method === 'POST' && pathname === '/v1/checkout/sessions') {
      const session = sessionFromForm(form);
      sessions.set(session.id, session);
      requests.push({ ...record, sessionId: session.id });
      return reply(response, 200, session);
    }
    const askedFor = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(pathname)?.[1];
    const sessionId = askedFor && decodeURIComponent(askedFor);
    requests.push({ ...record, sessionId });
    const session = sessionId && sessions.get(sessionId);
    if (method === 'GET' && session) return reply(response, 200, session);
    return reply(response, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such checkout.session: '${sessionId}'`,
      },
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      reply(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** What `createStripePayments` needs to send the official client here. */
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    session(id: string): FakeCheckoutSession {
      const session = sessions.get(id);
      if (!session) throw new Error(`the fake Stripe has no session ${id}`);
      return session;
    },
    /** The requests about one session, oldest first. */
    requestsFor(sessionId: string, method: 'POST' | 'GET'): FakeStripeRequest[] {
      return requests.filter((r) => r.sessionId === sessionId && r.method === method);
    },
    /** What Stripe does when the customer pays on the hosted page. */
    pay(id: string): FakeCheckoutSession {
      const session = this.session(id);
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
      return session;
    },
    close() {
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function reply(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Stripe prices the session from its line items; ours has one. */
function sessionFromForm(form: URLSearchParams): FakeCheckoutSession {
  const id = `cs_test_${randomBytes(12).toString('hex')}`;
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
    if (name) metadata[name] = value;
  }
  const unitAmount = Number(form.get('line_items[0][price_data][unit_amount]'));
  const quantity = Number(form.get('line_items[0][quantity]'));
  return {
    id,
    object: 'checkout.session',
    mode: 'payment',
    status: 'open',
    payment_status: 'unpaid',
    amount_total: unitAmount * quantity,
    currency: form.get('line_items[0][price_data][currency]') ?? '',
    customer_email: form.get('customer_email'),
    metadata,
    success_url: form.get('success_url') ?? '',
    cancel_url: form.get('cancel_url') ?? '',
    url: `https://checkout.stripe.test/c/pay/${id}`,
  };
}
