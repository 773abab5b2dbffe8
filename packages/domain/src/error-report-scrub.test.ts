import { describe, expect, it } from 'vitest';
import { REMOVED, scrubErrorReport } from './error-report-scrub.ts';

describe('scrubErrorReport', () => {
  it('leaves no e-mail, name or token in an event, and keeps what debugging needs', () => {
    const event = {
      message: 'No team found for ava.lee@school.example',
      exception: {
        values: [{ type: 'AppError', value: 'login failed for ava.lee@school.example' }],
      },
      user: { id: 42, email: 'ava.lee@school.example', username: 'Ava Lee', ip_address: '1.2.3.4' },
      request: {
        url: 'https://wellbank.example/forgot-password/reset?token=abc123def&email=ava%40school.example',
        headers: { Authorization: 'Bearer s3cr3tT0ken_-x', 'User-Agent': 'Firefox' },
        data: { user: { first_name: 'Ava', last_name: 'Lee' } },
        cookies: { sid: 'x' },
      },
      extra: { body: { first_name: 'Ava', contact_name: 'Pat Principal', points: 12 } },
      breadcrumbs: [
        { category: 'fetch', data: { url: '/api/v1/teams?email=captain@school.example' } },
        { category: 'console', message: 'sent Bearer abcdefghijklmnop to the server' },
      ],
      contexts: { browser: { name: 'Firefox' } },
    };
    const scrubbed = scrubErrorReport(event);
    const text = JSON.stringify(scrubbed);
    for (const secret of [
      'ava',
      'Ava',
      'Lee',
      'Pat Principal',
      'abc123def',
      's3cr3t',
      'abcdefghijklmnop',
      'captain@',
      '1.2.3.4',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(scrubbed.user).toEqual({ id: 42 });
    expect(scrubbed.request).toEqual({
      url: `https://wellbank.example/forgot-password/reset?token=${REMOVED}&email=${REMOVED}`,
      headers: { Authorization: REMOVED, 'User-Agent': 'Firefox' },
      cookies: REMOVED,
    });
    expect(scrubbed.extra.body).toEqual({ first_name: REMOVED, contact_name: REMOVED, points: 12 });
    expect(scrubbed.exception.values[0]?.value).toBe(`login failed for ${REMOVED}`);
    expect(scrubbed.contexts).toEqual({ browser: { name: 'Firefox' } });
    // The original is left as it was.
    expect(event.user.email).toBe('ava.lee@school.example');
  });
});
