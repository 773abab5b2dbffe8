import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { hashToken, newToken } from '../../apps/api/src/modules/auth/tokens.ts';
import { pgArray } from './pg-array.ts';

/**
 * One signed-in session per user, made as login makes them: a random token of which only the
 * SHA-256 is stored. Returns the tokens in the order of `userIds`.
 */
export async function createSessions(db: Db, userIds: readonly number[]): Promise<string[]> {
  const tokens = userIds.map(() => newToken());
  if (userIds.length === 0) return tokens;
  await db.execute(sql`insert into auth_sessions (user_id, token_hash)
    select * from unnest(${pgArray(userIds)}::int[], ${pgArray(tokens.map(hashToken))}::text[])`);
  return tokens;
}
