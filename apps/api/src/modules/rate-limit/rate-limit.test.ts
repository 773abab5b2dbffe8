import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { deleteExpiredRateLimits, hitRateLimit, RATE_LIMITS } from './rate-limit.service.ts';

const t = useTestApp();

const MINUTE_MS = 60 * 1000;

describe('deleteExpiredRateLimits', () => {
  it('deletes only windows older than the longest limit, which no limit still counts', async () => {
    const start = t.clock.now();
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE_MS);
    await hitRateLimit(t.db, RATE_LIMITS.forgotPassword, 'old@example.com', at(0));
    await hitRateLimit(t.db, RATE_LIMITS.publicLookup, '192.0.2.1', at(0));
    await hitRateLimit(t.db, RATE_LIMITS.forgotPassword, 'recent@example.com', at(30));

    // 59 minutes on, the hour-long forgot-password window of the first row is still open.
    expect(await deleteExpiredRateLimits(t.db, at(59))).toBe(0);
    expect(await deleteExpiredRateLimits(t.db, at(61))).toBe(2);
    const left = await t.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(left).toEqual([{ key: 'forgot:recent@example.com' }]);
  });
});
