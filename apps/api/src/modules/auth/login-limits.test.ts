import { tryAgainMessage } from '@wellbank/domain';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callGate } from '../../test/call-gate.ts';
import { joinSchool, signUpSchool, unique } from '../../test/fixtures.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/**
 * The login limits of decision 0003: counted before the password is verified (so a burst of
 * parallel guesses cannot outrun them), per account and address, per account, per address.
 * Password verifications go through the call gate, which counts them and holds them in a race.
 */
vi.mock('./passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./passwords.ts')>();
  const { callGate } = await import('../../test/call-gate.ts');
  return {
    ...real,
    verifyPassword: callGate.wrap(real.verifyPassword),
    verifyAgainstDummy: callGate.wrap(real.verifyAgainstDummy),
  };
});

const MINUTE_MS = 60 * 1000;
const RIGHT = 'secret-pass';
const WRONG = 'wrong-password';

const t = useTestApp();
let schoolId: number;
beforeAll(async () => {
  schoolId = (await signUpSchool(t.app)).school.id;
});

function login(email: string, password: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/authenticate',
    payload: { email, password },
    remoteAddress,
  });
}

async function newStudent() {
  return joinSchool(t.app, schoolId, {
    email: `${unique('kid')}@lincoln.example`,
    password: RIGHT,
  });
}

/** How many answers had each status. */
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** Sends all attempts at once; answers how many passwords were verified and the statuses. */
async function raceLogins(
  attempts: { email: string; password: string }[],
  address: (index: number) => string,
) {
  const race = await callGate.race(
    attempts.map(({ email, password }, index) => async () => {
      const answer = await login(email, password, address(index));
      return answer.statusCode;
    }),
  );
  return { verified: race.calls, statuses: tally(race.results) };
}

describe('failed logins raced in parallel', () => {
  it('verify at most 10 of 60 wrong passwords sent at once to one account', async () => {
    const student = await newStudent();
    const guesses = Array.from({ length: 60 }, () => ({ email: student.email, password: WRONG }));
    const race = await raceLogins(guesses, () => '198.51.100.1');
    expect(race).toEqual({ verified: 10, statuses: { 401: 10, 429: 50 } });
  });

  it.each([15, 30, 45])(
    'verify only 10 guesses when the right password is number %i of 60',
    async (position) => {
      const student = await newStudent();
      const guesses = Array.from({ length: 60 }, (_, index) => ({
        email: student.email,
        password: index === position - 1 ? RIGHT : WRONG,
      }));
      const race = await raceLogins(guesses, () => `198.51.100.${position}`);
      expect(race.verified).toBe(10);
      // The right password answers 200 only if it was one of the 10 tries the limit allows.
      expect((race.statuses[401] ?? 0) + (race.statuses[200] ?? 0)).toBe(10);
      expect(race.statuses[429]).toBe(50);
    },
  );
});

describe('the lock that refuses the right password', () => {
  it('holds only for the address the failures came from', async () => {
    const student = await newStudent();
    for (let i = 0; i < 10; i += 1) {
      expect((await login(student.email, WRONG, '203.0.113.1')).statusCode).toBe(401);
    }
    const limited = await login(student.email, RIGHT, '203.0.113.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: tryAgainMessage(Number(limited.headers['retry-after'])),
    });
    // A classmate who knows the e-mail cannot lock the owner out at home.
    expect((await login(student.email, RIGHT, '203.0.113.2')).statusCode).toBe(200);
  });

  it('holds for every address once 100 failures an hour come from many addresses', async () => {
    const student = await newStudent();
    for (let address = 1; address <= 10; address += 1) {
      for (let i = 0; i < 10; i += 1) {
        const answer = await login(student.email, WRONG, `203.0.113.${100 + address}`);
        expect(answer.statusCode).toBe(401);
      }
    }
    expect((await login(student.email, RIGHT, '203.0.113.200')).statusCode).toBe(429);
    t.clock.advance(16 * MINUTE_MS);
    // The addresses' 15 minutes are over, the account's hour is not.
    expect((await login(student.email, RIGHT, '203.0.113.200')).statusCode).toBe(429);
    t.clock.advance(45 * MINUTE_MS);
    expect((await login(student.email, RIGHT, '203.0.113.200')).statusCode).toBe(200);
  }, 30_000);

  it('is not brought nearer by a successful login, which is refunded', async () => {
    const student = await newStudent();
    for (let i = 0; i < 20; i += 1) {
      expect((await login(student.email, RIGHT, '203.0.113.50')).statusCode).toBe(200);
    }
    for (let i = 0; i < 10; i += 1) {
      expect((await login(student.email, WRONG, '203.0.113.50')).statusCode).toBe(401);
    }
    expect((await login(student.email, WRONG, '203.0.113.50')).statusCode).toBe(429);
  });
});

describe('password spraying from one address', () => {
  it('verifies at most 100 guesses over any accounts, even at once, an IPv6 /64 being one address', async () => {
    const student = await newStudent();
    const emails = Array.from({ length: 25 }, () => `${unique('sprayed')}@lincoln.example`);
    const guesses = Array.from({ length: 150 }, (_, index) => ({
      email: emails[index % emails.length] ?? '',
      password: WRONG,
    }));
    const race = await raceLogins(guesses, (index) => `2001:db8:0:7::${(index + 1).toString(16)}`);
    expect(race).toEqual({ verified: 100, statuses: { 401: 100, 429: 50 } });
    expect((await login(student.email, RIGHT, '2001:db8:0:7::ffff')).statusCode).toBe(429);
    expect((await login(student.email, RIGHT, '2001:db8:0:8::1')).statusCode).toBe(200);
  }, 30_000);
});
