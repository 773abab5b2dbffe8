import { MESSAGES } from '@wellbank/domain';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { joinSchool, signUpSchool, unique } from '../../test/fixtures.ts';
import { lastResetToken } from '../../test/reset-link.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { RATE_LIMITS } from '../rate-limit/rate-limit.service.ts';

/** argon2 itself, counted: every call still hashes for real. */
const argon2 = vi.hoisted(() => ({ hashes: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon2.hashes += 1;
      return real.hash(...args);
    },
  };
});

const t = useTestApp();
let schoolId: number;
beforeAll(async () => {
  schoolId = (await signUpSchool(t.app)).school.id;
});

const LIMIT = RATE_LIMITS.resetPasswordPerAddress.max;

function reset(body: { token: string; email: string }, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/reset-password',
    remoteAddress,
    payload: { ...body, password: 'new-secret', password_confirmation: 'new-secret' },
  });
}

/** A student with a reset link mailed to them, and its token. */
async function studentWithResetLink() {
  const student = await joinSchool(t.app, schoolId, {
    email: `${unique('reset')}@lincoln.example`,
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/forgot-password',
    payload: { email: student.email },
  });
  await t.runJobs();
  return { email: student.email, token: lastResetToken(t.mailbox, student.email) };
}

describe('POST /reset-password, checked before hashing and limited per client address', () => {
  it('hashes nothing for a made-up token, and the new password once for a real one', async () => {
    const { email, token } = await studentWithResetLink();
    const before = argon2.hashes;
    for (let i = 0; i < 20; i++) {
      const response = await reset({ token: `made-up-${i}`, email }, '198.51.100.1');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: MESSAGES.resetLinkInvalid });
    }
    expect(argon2.hashes).toBe(before);

    const used = await reset({ token, email }, '198.51.100.1');
    expect(used.statusCode, used.body).toBe(200);
    expect(argon2.hashes).toBe(before + 1);
    const again = await reset({ token, email }, '198.51.100.1');
    expect(again.statusCode).toBe(422);
    expect(argon2.hashes).toBe(before + 1);
  });

  it(`answers 429 past ${LIMIT} tries in 15 minutes from one address, parallel tries included`, async () => {
    const { email, token } = await studentWithResetLink();
    const address = '198.51.100.2';
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 10 }, (_, i) => reset({ token: `guess-${i}`, email }, address)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const limited = answers.find((answer) => answer.statusCode === 429);
    expect(limited?.json().error).toMatch(/^Too many attempts/);
    expect(limited?.headers['retry-after']).toBeDefined();

    // Even the right link waits from that address; another address is not held up by it.
    expect((await reset({ token, email }, address)).statusCode).toBe(429);
    expect((await reset({ token, email }, '198.51.100.3')).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000);
    const later = await reset({ token: 'guess-later', email }, address);
    expect(later.statusCode).toBe(422);
  });
});
