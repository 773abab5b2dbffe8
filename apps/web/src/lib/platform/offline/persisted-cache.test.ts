import { dehydrate, QueryClient } from '@tanstack/react-query';
import { localDate } from '@wellbank/domain';
import { describe, expect, it } from 'vitest';
import { todayActivitiesQueryOptions } from '../shell-queries';
import { withoutEarlierToday } from './persisted-cache';

const DENVER = 'America/Denver';
const dayInDenver = (deviceTime: number) => localDate(new Date(deviceTime), DENVER);
const TODAY_KEY = todayActivitiesQueryOptions().queryKey;
const WATER = [{ activity_type: 'water' as const, properties: [], total: 1 }];

/** A saved cache holding "today" as read at `readAt`, and the team, read at the same moment. */
function savedAt(readAt: string) {
  const client = new QueryClient();
  const updatedAt = Date.parse(readAt);
  client.setQueryData(TODAY_KEY, WATER, { updatedAt });
  client.setQueryData(['teams', 'me'], { name: 'Otters' }, { updatedAt });
  return dehydrate(client);
}

const keysOf = (state: ReturnType<typeof dehydrate>) =>
  state.queries.map((query) => JSON.stringify(query.queryKey)).sort();

describe('withoutEarlierToday', () => {
  it('keeps a "today" read earlier on the same school day', () => {
    // 23:50 and 23:58 in Denver on 23 November (06:50 and 06:58 UTC on the 24th).
    const state = savedAt('2026-11-24T06:50:00Z');
    const kept = withoutEarlierToday(state, dayInDenver, Date.parse('2026-11-24T06:58:00Z'));
    expect(keysOf(kept)).toEqual(keysOf(state));
  });

  it('drops a "today" read before the school\'s midnight, and only that', () => {
    // Read at 23:50 on the 23rd in Denver, opened at 00:05 on the 24th.
    const state = savedAt('2026-11-24T06:50:00Z');
    const kept = withoutEarlierToday(state, dayInDenver, Date.parse('2026-11-24T07:05:00Z'));
    expect(keysOf(kept)).toEqual([JSON.stringify(['teams', 'me'])]);
  });

  it("goes by the school's calendar, not UTC's", () => {
    // 16:00 and 18:00 in Denver on the 23rd straddle UTC's midnight: one school day.
    const state = savedAt('2026-11-23T23:00:00Z');
    const kept = withoutEarlierToday(state, dayInDenver, Date.parse('2026-11-24T01:00:00Z'));
    expect(keysOf(kept)).toEqual(keysOf(state));
  });
});
