import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { hashToken, newToken } from '../../apps/api/src/modules/auth/tokens.ts';
import { pgArray } from './pg-array.ts';

/**
 * One signed-in session per user, made as login makes them: a random token of which only the
 * SHA-256 is stored. Returns the tokens in the order of `userIds`.
 *
 * Each was last used at a random moment of the past minute, as the sessions of people using the
 * app are. Made all at one instant, every session would pass the one-minute touch interval
 * (auth/sessions.ts) at the same second: the next read of each one writes `last_used_at`, 2,000
 * writes in one second, and again every minute after — a storm no real school makes, which cost
 * the app ~1 s at 60 % of its throughput and its whole fixed-load p99 (0.27 s against 8 ms;
 * docs/performance.md). Spread, the touches come steadily (sessions ÷ 60 per second).
 */
export async function createSessions(db: Db, userIds: readonly number[]): Promise<string[]> {
  const tokens = userIds.map(() => newToken());
  if (userIds.length === 0) return tokens;
  await db.execute(sql`insert into auth_sessions (user_id, token_hash, last_used_at)
    select user_id, token_hash, now() - random() * interval '1 minute'
    from unnest(${pgArray(userIds)}::int[], ${pgArray(tokens.map(hashToken))}::text[])
      as seeded (user_id, token_hash)`);
  return tokens;
}
