import { connect, type Socket } from 'node:net';

/** An answer's status, or why there was none. */
export type Answer = { status: number } | { error: string };

type OnAnswer = (answer: Answer) => void;

interface Connection {
  socket: Socket;
  /** Received bytes of an answer not yet complete. */
  received: Buffer | undefined;
  /** Called with the answer to the request in flight on this connection, if one is. */
  inFlight: OnAnswer | undefined;
  /** `performance.now()` after which the server may close it while idle (its Keep-Alive hint). */
  reusableUntil: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;
const CONNECTION_CLOSE = /\r\nconnection:[ \t]*close/i;
const KEEP_ALIVE_TIMEOUT = /\r\nkeep-alive:[^\r]*timeout=(\d+)/i;
/**
 * A connection idle for its server's keep-alive timeout less this is not used again, as
 * node:http's agent does: the server may close it just as a request is written, and the
 * request would be lost (12 requests of a run were, before this).
 */
const KEEP_ALIVE_MARGIN_MS = 1000;
/** A connection that could not be opened is tried again this much later. */
const REOPEN_DELAY_MS = 10;

/**
 * The first complete answer in `received`: its status, where it ends, whether the server closes
 * the connection after it (`Connection: close`) and how long it keeps the connection open while
 * idle (`Keep-Alive: timeout=…`, in seconds); undefined while it is incomplete. Only
 * what the bench's two servers send: answers with a Content-Length (node:http adds one to a body
 * sent in one piece, Fastify always), never chunked.
 */
export function readAnswer(
  received: Buffer,
):
  | { status: number; end: number; close: boolean; keepAliveSeconds: number | undefined }
  | { error: string }
  | undefined {
  const headerEnd = received.indexOf(HEADER_END);
  if (headerEnd < 0) return undefined;
  const head = received.toString('latin1', 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const length = CONTENT_LENGTH.exec(head)?.[1];
  if (!head.startsWith('HTTP/1.1 ') || !Number.isInteger(status))
    return { error: 'not an HTTP/1.1 answer' };
  if (length === undefined) return { error: 'an answer without Content-Length' };
  const end = headerEnd + HEADER_END.length + Number(length);
  if (received.length < end) return undefined;
  const keepAlive = KEEP_ALIVE_TIMEOUT.exec(head)?.[1];
  return {
    status,
    end,
    close: CONNECTION_CLOSE.test(head),
    keepAliveSeconds: keepAlive === undefined ? undefined : Number(keepAlive),
  };
}

/**
 * The fixed-rate load's keep-alive connections to one server (decision 0041): at most one request
 * in flight on each, further requests queued in order until one is free, as node:http's agent
 * does, but for half its CPU. The agent's request, response and parser objects cost the
 * generator ~120 µs per request, which on this 2-core machine it took from the servers it
 * measured; writing request text to a socket and finding the answer's end costs ~60 µs. (undici's
 * pool cost no less, and its requests' objects outlived young-generation collections: 12 MB
 * promoted a second, and 15 ms pauses of the generator counted against the server.) A connection
 * the server closes (keep-alive timeout, restart, `Connection: close`) is replaced, and one idle
 * for nearly the server's keep-alive timeout is replaced before use; a request in flight on a
 * connection that closes is answered with an error.
 */
export class KeepAlivePool {
  readonly #host: string;
  readonly #port: number;
  readonly #size: number;
  readonly #open = new Set<Connection>();
  readonly #idle: Connection[] = [];
  readonly #queued: Array<{ text: string; onAnswer: OnAnswer }> = [];
  #opening = 0;
  #closed = false;

  constructor(origin: string, size: number) {
    const url = new URL(origin);
    if (url.protocol !== 'http:') throw new Error(`KeepAlivePool speaks http only, not ${origin}`);
    this.#host = url.hostname;
    this.#port = Number(url.port || 80);
    this.#size = size;
  }

  /** The first line and headers of a request to this server, through the blank line. */
  head(method: string, path: string, headers: Record<string, string>): string {
    let text = `${method} ${path} HTTP/1.1\r\nHost: ${this.#host}:${this.#port}\r\n`;
    for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`;
    return `${text}\r\n`;
  }

  /** Opens connections until `size` are open, so that no measured request waits for a handshake. */
  async fill(): Promise<void> {
    while (this.#open.size + this.#opening < this.#size) this.#free(await this.#openOne());
  }

  /** Sends `text` (a whole request) on a free connection, or once one is free. */
  send(text: string, onAnswer: OnAnswer): void {
    let connection = this.#idle.pop();
    while (connection && connection.reusableUntil <= performance.now()) {
      connection.socket.destroy(); // #lost replaces it
      connection = this.#idle.pop();
    }
    if (connection) this.#write(connection, text, onAnswer);
    else {
      this.#queued.push({ text, onAnswer });
      this.#replaceClosed();
    }
  }

  close(): void {
    this.#closed = true;
    for (const connection of this.#open) connection.socket.destroy();
  }

  #write(connection: Connection, text: string, onAnswer: OnAnswer) {
    connection.inFlight = onAnswer;
    connection.socket.write(text);
  }

  #free(connection: Connection) {
    const next = this.#queued.shift();
    if (next) this.#write(connection, next.text, next.onAnswer);
    else this.#idle.push(connection);
  }

  #replaceClosed() {
    if (this.#closed || this.#open.size + this.#opening >= this.#size) return;
    this.#openOne().then(
      (connection) => this.#free(connection),
      () => setTimeout(() => this.#replaceClosed(), REOPEN_DELAY_MS),
    );
  }

  #openOne(): Promise<Connection> {
    this.#opening++;
    const socket = connect({ host: this.#host, port: this.#port, noDelay: true });
    const connection: Connection = {
      socket,
      received: undefined,
      inFlight: undefined,
      reusableUntil: Number.POSITIVE_INFINITY,
    };
    socket.on('data', (chunk: Buffer) => this.#receive(connection, chunk));
    socket.on('close', () => this.#lost(connection));
    return new Promise((resolve, reject) => {
      socket.once('connect', () => {
        this.#opening--;
        this.#open.add(connection);
        resolve(connection);
      });
      // An error after the connection opened is followed by 'close' (#lost).
      socket.on('error', (error) => {
        if (!this.#open.has(connection)) {
          this.#opening--;
          reject(error);
        }
      });
    });
  }

  #receive(connection: Connection, chunk: Buffer) {
    const received = connection.received ? Buffer.concat([connection.received, chunk]) : chunk;
    const answer = readAnswer(received);
    if (answer === undefined) {
      connection.received = received;
      return;
    }
    const onAnswer = connection.inFlight;
    connection.inFlight = undefined;
    if ('error' in answer || answer.end !== received.length) {
      // Nothing else may follow an answer; what would is not an answer to anything sent.
      connection.socket.destroy();
      onAnswer?.('error' in answer ? answer : { error: 'bytes after the answer' });
      return;
    }
    connection.received = undefined;
    connection.reusableUntil =
      answer.keepAliveSeconds === undefined
        ? Number.POSITIVE_INFINITY
        : performance.now() + answer.keepAliveSeconds * 1000 - KEEP_ALIVE_MARGIN_MS;
    onAnswer?.({ status: answer.status });
    // As node:http's agent does: a connection the server is closing takes no further request.
    if (answer.close) connection.socket.destroy();
    else this.#free(connection);
  }

  #lost(connection: Connection) {
    if (!this.#open.delete(connection)) return;
    const idleAt = this.#idle.indexOf(connection);
    if (idleAt >= 0) this.#idle.splice(idleAt, 1);
    connection.inFlight?.({ error: 'connection closed' });
    connection.inFlight = undefined;
    this.#replaceClosed();
  }
}
