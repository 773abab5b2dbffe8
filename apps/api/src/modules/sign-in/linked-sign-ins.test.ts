import { type SessionRecord, SIGN_IN_MESSAGES, type SignInProviderId } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, userIdentities, users } from '../../db/schema.ts';
import { joinSchool, unique } from '../../test/fixtures.ts';
import { as, seedCast } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';
import { createSignInTestApp } from './sign-in-test-app.ts';

const t = useTestApp(createSignInTestApp);
const cast = seededOnce(() => seedCast(t));

/** Links district accounts as the sign-in flow binds them (its own tests cover the flow). */
async function link(userId: number, providers: SignInProviderId[]) {
  for (const provider of providers) {
    await t.db.insert(userIdentities).values({
      userId,
      provider,
      issuer: `https://${provider}.example`,
      subject: unique('sub'),
      email: `${provider}@lincoln.example`,
    });
  }
}

async function withoutPassword() {
  const student = await joinSchool(t.app, cast.admin.school.id);
  await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, student.id));
  return student;
}

const signIns = (user: SessionRecord) =>
  t.app.inject({ url: `/api/v1/users/${user.id}/sign-ins`, headers: as(user) });

function unlink(user: SessionRecord, provider: string, id = user.id) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/v1/users/${id}/sign-ins/${provider}`,
    headers: as(user),
  });
}

async function linkedProviders(userId: number) {
  const rows = await t.db
    .select({ provider: userIdentities.provider })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId));
  return rows.map((row) => row.provider).sort();
}

describe('GET /users/{id}/sign-ins', () => {
  it('lists your linked district accounts by their providers’ names, and your password', async () => {
    const student = await joinSchool(t.app, cast.admin.school.id);
    expect((await signIns(student)).json()).toEqual({ sign_ins: [], has_password: true });
    await link(student.id, ['google', 'clever']);
    const listed = (await signIns(student)).json();
    expect(listed.has_password).toBe(true);
    expect(
      listed.sign_ins.map((s: { provider: string; name: string }) => [s.provider, s.name]),
    ).toEqual([
      ['google', 'Google'],
      // Clever is no longer configured here; it stays listed so it can be unlinked.
      ['clever', 'clever'],
    ]);
    expect(listed.sign_ins[0]).toMatchObject({ email: 'google@lincoln.example' });
    expect(Date.parse(listed.sign_ins[0].created_at)).not.toBeNaN();
    expect(listed.sign_ins[0].created_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is yours only: another user’s id is 404', async () => {
    const response = await t.app.inject({
      url: `/api/v1/users/${cast.student.id}/sign-ins`,
      headers: as(cast.admin),
    });
    expect(response.statusCode).toBe(404);
    expect((await unlink(cast.admin, 'google', cast.student.id)).statusCode).toBe(404);
  });
});

describe('DELETE /users/{id}/sign-ins/{provider}', () => {
  it('unlinks one, logged; an account with a password may unlink its last', async () => {
    const student = await joinSchool(t.app, cast.admin.school.id);
    await link(student.id, ['google']);
    const response = await unlink(student, 'google');
    expect(response.statusCode, response.body).toBe(204);
    expect(await linkedProviders(student.id)).toEqual([]);
    const entries = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_in.unlink'), eq(auditLog.actorUserId, student.id)));
    expect(entries).toEqual([{ detail: 'google' }]);
    expect((await unlink(student, 'google')).statusCode).toBe(404);
  });

  it('refuses to remove the last way into an account without a password', async () => {
    const student = await withoutPassword();
    await link(student.id, ['google', 'microsoft']);
    expect((await unlink(student, 'microsoft')).statusCode).toBe(204);
    const last = await unlink(student, 'google');
    expect([last.statusCode, last.json()]).toEqual([422, { error: SIGN_IN_MESSAGES.lastWayIn }]);
    expect(await linkedProviders(student.id)).toEqual(['google']);
  });

  it('of two parallel unlinks of the last two links, one wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const student = await withoutPassword();
      await link(student.id, ['google', 'microsoft']);
      const answers = await Promise.all([unlink(student, 'google'), unlink(student, 'microsoft')]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 422]);
      expect(await linkedProviders(student.id)).toHaveLength(1);
    }
  });

  it('answers 404 for a provider that does not exist', async () => {
    expect((await unlink(cast.student, 'myspace')).statusCode).toBe(404);
  });
});
