import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RosterResponse } from '@wellbank/domain';
import type { ServerProcess } from './server-process.ts';

/**
 * The roster section (issue #16, decision 0030): a 5,000-row CSV previewed, imported and imported
 * again by a new school's coordinator, with the server's resident memory read every 20 ms, so a
 * memory that grew with the file would show; then the time until every invitation is mailed
 * (the job queue writes DATA_DIR/outbox/*.eml without SMTP_URL).
 */
export interface RosterFigures {
  step: string;
  rows: number;
  seconds: number;
  cpuSeconds: number;
  rssBeforeBytes: number;
  rssPeakBytes: number;
  rssAfterBytes: number;
  counts: string;
  load: number;
}

const json = { 'content-type': 'application/json' };

async function post(url: string, body: unknown, token?: string): Promise<Response> {
  const headers = { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** A school whose coordinator has paid for 5,000 students on the built-in test checkout. */
async function paidSchool(origin: string): Promise<{ token: string; schoolId: number }> {
  const code = Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, 'X');
  const signup = await post(`${origin}/api/v1/signup`, {
    school: {
      name: 'Roster Bench High',
      code,
      time_zone: 'America/Denver',
      contact_name: 'Pat Principal',
      contact_email: 'office@roster.example',
      contact_phone: '303-555-0100',
      address: '1 School Road',
      city: 'Denver',
      state: 'CO',
      zip_code: '80202',
    },
    user: {
      first_name: 'Carla',
      last_name: 'Coordinator',
      email: `carla-${code.toLowerCase()}@roster.example`,
      password: 'secret-pass',
      password_confirmation: 'secret-pass',
    },
  });
  if (signup.status !== 201) throw new Error(`signup: ${await signup.text()}`);
  const { user } = (await signup.json()) as { user: { token: string; school: { id: number } } };
  const schoolId = user.school.id;
  const checkout = await post(
    `${origin}/api/v1/stripe-subscription-checkout-sessions`,
    { school_id: schoolId, num_students: 5000 },
    user.token,
  );
  const { id } = (await checkout.json()) as { id: string };
  await post(`${origin}/api/v1/local-checkout/${id}/pay`, {});
  const report = await post(
    `${origin}/api/v1/schools/${schoolId}/payments`,
    { stripe_session_id: id },
    user.token,
  );
  if (!report.ok) throw new Error(`payment: ${await report.text()}`);
  return { token: user.token, schoolId };
}

/** 5,000 rows: 4,800 students over grades 1–12 and 200 staff, 24 a homeroom. */
export function rosterCsv(rows: number): string {
  const lines = ['first name,last name,email,role,grade,homeroom'];
  for (let i = 0; i < rows; i += 1) {
    const staff = i % 25 === 0;
    const grade = staff ? '' : String(1 + (i % 12));
    lines.push(
      `Student${i},Family${i % 997},person${i}@roster.example,${staff ? 'staff' : 'student'},${grade},Room ${Math.floor(i / 24)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function timedUpload(
  server: ServerProcess,
  request: { url: string; token: string; csv: string; step: string; rows: number },
): Promise<RosterFigures> {
  const rssBeforeBytes = server.rssBytes();
  const cpuBefore = server.cpuSeconds();
  let rssPeakBytes = rssBeforeBytes;
  const sampler = setInterval(() => {
    rssPeakBytes = Math.max(rssPeakBytes, server.rssBytes());
  }, 20);
  const started = performance.now();
  let result: RosterResponse;
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${request.token}`, 'content-type': 'text/csv' },
      body: request.csv,
    });
    if (!response.ok)
      throw new Error(`${request.step}: ${response.status} ${await response.text()}`);
    result = (await response.json()) as RosterResponse;
  } finally {
    clearInterval(sampler);
  }
  const c = result.counts;
  return {
    step: request.step,
    rows: request.rows,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: server.cpuSeconds() - cpuBefore,
    rssBeforeBytes,
    rssPeakBytes,
    rssAfterBytes: server.rssBytes(),
    counts: `${c.new} new, ${c.member} members, ${c.invited} invited, ${c.error} errors`,
    load: loadavg()[0] ?? 0,
  };
}

/**
 * The invitations in DATA_DIR/outbox so far: the e-mails to the roster's addresses. Counted by
 * recipient, not as new files since the import: the school's own e-mails (confirmation, school
 * code, the payment's receipt) leave through the same queue, in the same moments.
 */
export function invitationCounter(dataDir: string): () => number {
  const outbox = join(dataDir, 'outbox');
  const read = new Set<string>();
  let invitations = 0;
  return () => {
    let names: string[];
    try {
      names = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    } catch {
      return invitations;
    }
    for (const name of names) {
      if (read.has(name)) continue;
      const mail = readFileSync(join(outbox, name), 'utf8');
      // The mailer writes the file after creating it: read again once its headers are in.
      if (!/^Subject: /m.test(mail)) continue;
      read.add(name);
      if (/^To: person\d+@roster\.example$/m.test(mail)) invitations += 1;
    }
    return invitations;
  };
}

export async function measureRoster(
  server: ServerProcess,
  options: { dataDir: string; rows: number },
): Promise<RosterFigures[]> {
  const { token, schoolId } = await paidSchool(server.origin);
  const csv = rosterCsv(options.rows);
  const url = `${server.origin}/api/v1/schools/${schoolId}/roster`;
  const base = { token, csv, rows: options.rows };
  const figures = [
    await timedUpload(server, { ...base, url: `${url}?dry_run=1`, step: 'preview' }),
    await timedUpload(server, { ...base, url, step: 'import' }),
  ];
  // The invitations leave through the job queue after the import's commit.
  const started = performance.now();
  const rssBeforeBytes = server.rssBytes();
  const cpuBefore = server.cpuSeconds();
  let rssPeakBytes = rssBeforeBytes;
  const invitations = invitationCounter(options.dataDir);
  while (invitations() < options.rows && performance.now() - started < 600_000) {
    rssPeakBytes = Math.max(rssPeakBytes, server.rssBytes());
    await sleep(250);
  }
  const mailed = invitations();
  figures.push({
    step: 'invitations mailed (job queue)',
    rows: mailed,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: server.cpuSeconds() - cpuBefore,
    rssBeforeBytes,
    rssPeakBytes,
    rssAfterBytes: server.rssBytes(),
    counts: `${mailed} e-mails written`,
    load: loadavg()[0] ?? 0,
  });
  figures.push(await timedUpload(server, { ...base, url, step: 'import again (idempotent)' }));
  return figures;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function rosterSection(figures: RosterFigures[] | undefined): string[] {
  if (!figures?.length) return [];
  return [
    '## Roster import (issue 16): a 5,000-row CSV, time and server memory',
    [
      '| step | rows | result | time | server CPU | server RSS before → peak → after | load (1 min) |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...figures.map(
        (f) =>
          `| ${f.step} | ${f.rows} | ${f.counts} | ${f.seconds.toFixed(1)} s | ` +
          `${f.cpuSeconds.toFixed(1)} s | ${mb(f.rssBeforeBytes)} → ${mb(f.rssPeakBytes)} → ` +
          `${mb(f.rssAfterBytes)} (peak +${mb(f.rssPeakBytes - f.rssBeforeBytes)}) | ${f.load.toFixed(2)} |`,
      ),
    ].join('\n'),
  ];
}
