import { describe, expect, it } from 'vitest';
import { sentryOptions } from './sentry';

describe('the browser’s Sentry options', () => {
  it('send no personal data: no e-mails, names or tokens in events or breadcrumbs', () => {
    const options = sentryOptions('https://key@sentry.example/1');
    expect(options.sendDefaultPii).toBe(false);
    expect(options.ignoreErrors).toEqual(['Network Error', 'Request failed with status code 401']);
    const event = options.beforeSend({
      message: 'Welcome failed',
      request: {
        url: 'https://wellbank.example/forgot-password/reset?token=s3cr3t&email=a%40b.example',
      },
      extra: {
        session: { first_name: 'Ava', last_name: 'Lee', token: 'abc', email: 'a@b.example' },
      },
    });
    const crumb = options.beforeBreadcrumb({
      category: 'navigation',
      data: { to: '/sign-up/join/schools/3?code=ABC123', from: '/login' },
    });
    const sent = JSON.stringify([event, crumb]);
    for (const secret of ['s3cr3t', 'Ava', 'Lee', 'abc"', 'a@b', 'ABC123']) {
      expect(sent).not.toContain(secret);
    }
  });
});
