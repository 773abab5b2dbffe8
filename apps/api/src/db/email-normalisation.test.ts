import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpSchool, unique } from '../test/fixtures.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { MIGRATIONS_FOLDER } from './client.ts';
import { users } from './schema.ts';

const t = useTestApp();

/** Migration 0015's statements that normalise stored addresses, run again on rows made here. */
async function normaliseStoredAddresses() {
  const file = await readFile(join(MIGRATIONS_FOLDER, '0015_account_email.sql'), 'utf8');
  const updates = file
    .split('--> statement-breakpoint')
    .filter((statement) => statement.includes('regexp_replace'));
  expect(updates).toHaveLength(2);
  for (const statement of updates) await t.db.execute(sql.raw(statement));
}

describe('migration 0015', () => {
  it('normalises stored addresses, leaving a row as it was where its normal form is taken', async () => {
    const { school } = await signUpSchool(t.app);
    const name = unique('n');
    const spelled = [
      ` ${name}-a@School.org.`, // nothing else has its normal form: normalised
      `${name}-b@school.org`, // already normal
      `${name}-b@school.org.`, // its normal form is taken: kept
      `${name}-c@school.org.`, // the older of two sharing a normal form: normalised
      `${name}-c@school.org..`, // the younger: kept
    ];
    for (const email of spelled) {
      await t.db.insert(users).values({
        schoolId: school.id,
        firstName: 'A',
        lastName: 'B',
        email,
        passwordHash: 'x',
      });
    }
    await normaliseStoredAddresses();
    const rows = await t.db
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.email} like ${`%${name}%`}`)
      .orderBy(users.id);
    expect(rows.map((row) => row.email)).toEqual([
      `${name}-a@school.org`,
      `${name}-b@school.org`,
      `${name}-b@school.org.`,
      `${name}-c@school.org`,
      `${name}-c@school.org..`,
    ]);
  });
});
