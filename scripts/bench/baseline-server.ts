/**
 * The baseline of the load scenario: bare node:http + pg, no framework, no schema validation.
 *
 * It MUST run exactly the statements the app runs for `GET /api/v1/activities` and
 * `PUT /api/v1/activities/{type}` (baseline-statements.ts, checked against the app by
 * mirror-check.ts at every bench run), in the same order, on a pool of the same size, so the
 * difference to the app is the framework and our code around the SQL: keep the order and the
 * conditions in step with auth/sessions.ts (findSessionUser) and activities/activities.service.ts
 * (listTodaysActivities, saveActivity). The write statements are the app's own functions
 * (activities/day-statements.ts) on a bare `pg` connection, sent as the same named prepared
 * statements. Scoring and the piggy-bank decision use the same domain functions. Spending
 * savings (piggy_bank = 1) is not mirrored: the bench never sends it, and the baseline answers 501.
 *
 * Environment: DATABASE_URL, PORT. Started by scripts/bench/main.ts as its own process.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  type ActivityType,
  activityTotalCents,
  centsToDollars,
  dayCategoryCents,
  isActivityType,
  localDate,
  type PropertyValues,
  parseActivityProperties,
  piggyBankChanges,
  summarizeDay,
  summaryPoints,
  toActivity,
} from '@wellbank/domain';
import pg from 'pg';
import { driverRunner } from '../../apps/api/src/db/prepared.ts';
import {
  dropEarnedPiggyBank,
  earnPiggyBank,
  saveDaySummary,
  writeActivityAndReadDay,
} from '../../apps/api/src/modules/activities/day-statements.ts';
import { hashToken } from '../../apps/api/src/modules/auth/tokens.ts';
import { lockOnePersonsPoints } from '../../apps/api/src/modules/points/point-locks.ts';
import { STATEMENTS } from './baseline-statements.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const IDLE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 60 * 1000;
const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

interface User {
  id: number;
  schoolId: number;
  timeZone: string;
}

class HttpError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

async function authenticate(request: IncomingMessage, now: Date): Promise<User> {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw new HttpError(401, 'Not signed in');
  const { rows } = await pool.query({
    name: 'find_session_user',
    text: STATEMENTS.session,
    values: [hashToken(token)],
  });
  const row = rows[0];
  if (!row) throw new HttpError(401, 'Not signed in');
  // By name: the app's statement (SESSION_USER) names its columns and may gain more.
  const { sessionId, lastUsedAt, id, schoolId, timeZone } = row;
  const idleMs = now.getTime() - new Date(lastUsedAt).getTime();
  if (idleMs > IDLE_LIFETIME_MS) {
    await pool.query(STATEMENTS.revoke, [sessionId]);
    throw new HttpError(401, 'Not signed in');
  }
  if (idleMs > TOUCH_INTERVAL_MS) {
    await pool.query({
      name: 'touch_session',
      text: STATEMENTS.touch,
      values: [now.toISOString(), sessionId, now.toISOString()],
    });
  }
  return { id, schoolId, timeZone };
}

function toWire(type: ActivityType, totalCents: number, values: PropertyValues) {
  return { ...toActivity(type, values), total: centsToDollars(totalCents) };
}

async function listTodaysActivities(user: User, now: Date) {
  const { rows } = await pool.query({
    name: 'list_todays_activities',
    text: STATEMENTS.todaysActivities,
    values: [user.id, localDate(now, user.timeZone)],
    rowMode: 'array',
  });
  return rows.map(([type, totalCents, values]) => toWire(type, totalCents, values));
}

async function saveActivity(user: User, type: ActivityType, values: PropertyValues, now: Date) {
  const today = localDate(now, user.timeZone);
  const totalCents = activityTotalCents(type, values);
  const key = { userId: user.id, today };
  const client = await pool.connect();
  const tx = driverRunner(client);
  try {
    await client.query('begin');
    await lockOnePersonsPoints(tx, { schoolId: user.schoolId, userId: user.id });
    const day = await writeActivityAndReadDay(tx, {
      ...key,
      type,
      values,
      totalCents,
      now,
    });
    if (type === 'fitness') {
      const changes = piggyBankChanges(values, {
        spentToday: day.piggyBankSpentToday,
        earnedToday: day.piggyBankEarnedToday,
      });
      for (const change of changes) {
        if (change === 'earn') await earnPiggyBank(tx, key);
        else if (change === 'drop') await dropEarnedPiggyBank(tx, key);
        else throw new HttpError(501, 'Savings are not mirrored');
      }
    }
    const wholeDay = [
      ...day.otherActivities,
      { activity_type: type, total_cents: totalCents, values },
    ];
    const calendar = { date: today, lastKept: day.lastKept, holidays: new Set(day.holidays) };
    const summary = summarizeDay(wholeDay, calendar);
    await saveDaySummary(tx, {
      ...key,
      schoolId: user.schoolId,
      summary,
      categoryCents: dayCategoryCents(wholeDay),
      pointsChange: day.inActiveInterval ? summaryPoints(summary) - day.pointsBefore : 0,
      now,
    });
    await client.query('commit');
    return toWire(type, totalCents, values);
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'Malformed JSON');
  }
}

function parseActivityBody(type: string, body: unknown) {
  if (!isActivityType(type)) throw new HttpError(422, `Unknown activity type ${type}`);
  const properties = (body as { activity?: { properties?: unknown } })?.activity?.properties;
  if (!Array.isArray(properties)) throw new HttpError(422, 'properties must be a list');
  const parsed = parseActivityProperties(type, properties);
  if ('error' in parsed) throw new HttpError(422, parsed.error);
  return { type, values: parsed.values };
}

async function route(request: IncomingMessage): Promise<unknown> {
  const now = new Date();
  const path = request.url ?? '';
  if (request.method === 'GET' && path === '/api/v1/activities') {
    return listTodaysActivities(await authenticate(request, now), now);
  }
  const put = /^\/api\/v1\/activities\/([a-z]+)$/.exec(path);
  if (request.method === 'PUT' && put?.[1]) {
    const user = await authenticate(request, now);
    const { type, values } = parseActivityBody(put[1], await readJson(request));
    return saveActivity(user, type, values, now);
  }
  throw new HttpError(404, 'Not found');
}

function send(response: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}

const server = createServer((request, response) => {
  route(request).then(
    (body) => send(response, 200, body),
    (error: unknown) => {
      if (error instanceof HttpError) return send(response, error.status, { error: error.message });
      console.error(error);
      send(response, 500, { error: 'Something went wrong' });
    },
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1');
const close = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.on('SIGTERM', close);
process.on('SIGINT', close);
