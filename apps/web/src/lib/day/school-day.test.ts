import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { schoolDayAt, useSchoolToday } from './school-day';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const denver = 'America/Denver';

describe('schoolDayAt', () => {
  it('dates by the server clock: a phone three hours ahead still logs the school day', () => {
    const server = Date.parse('2026-11-24T06:30:00Z'); // 23:30 on the 23rd in Denver
    const phone = server + 3 * 60 * 60 * 1000;
    expect(schoolDayAt(phone, { offsetMs: 0, timeZone: denver })).toBe('2026-11-24');
    expect(schoolDayAt(phone, { offsetMs: server - phone, timeZone: denver })).toBe('2026-11-23');
  });

  it('turns to the next day at the school midnight', () => {
    const at = (iso: string) => schoolDayAt(Date.parse(iso), { timeZone: denver });
    expect(at('2026-11-24T06:59:59Z')).toBe('2026-11-23');
    expect(at('2026-11-24T07:00:00Z')).toBe('2026-11-24');
  });
});

describe('useSchoolToday', () => {
  const deviceZone = process.env.TZ;
  let root: Root;
  let host: HTMLElement;

  beforeEach(() => {
    // A device 21 hours ahead of Denver: at 05:00 in Denver on the 28th it is already the 29th.
    process.env.TZ = 'Pacific/Kiritimati';
    vi.useFakeTimers({ now: Date.parse('2026-11-28T12:00:00Z'), toFake: ['Date'] });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    host = document.createElement('div');
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.unstubAllGlobals();
    vi.useRealTimers();
    process.env.TZ = deviceZone;
  });

  /** The page's "today" once the school's read has failed: its zone is not known. */
  async function todayWithoutSchool(): Promise<string | undefined> {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let today: string | undefined;
    function Probe() {
      today = useSchoolToday();
      return null;
    }
    await act(async () => {
      root.render(createElement(QueryClientProvider, { client }, createElement(Probe)));
    });
    await vi.waitFor(() => expect(today).toBeDefined());
    return today;
  }

  it('is the day the outbox and the server date a save on when the school is not known', async () => {
    const outboxDay = schoolDayAt(Date.now(), {});
    expect(outboxDay).toBe('2026-11-28');
    expect(await todayWithoutSchool()).toBe(outboxDay);
  });
});
