import { describe, expect, it } from 'vitest';
import { sentryOptions } from './sentry-options.ts';

describe('the server’s Sentry options', () => {
  it('send no personal data: no e-mails, names or tokens in events or breadcrumbs', () => {
    const options = sentryOptions('https://key@sentry.example/1');
    expect(options.sendDefaultPii).toBe(false);
    const event = options.beforeSend({
      message: 'insert failed for ava@school.example',
      user: { id: 7, email: 'ava@school.example' },
      request: {
        url: '/api/v1/teams?email=ava%40school.example',
        headers: { authorization: 'Bearer abcdefghijklmnopqrstuvwx' },
        data: '{"user":{"first_name":"Ava"}}',
      },
    });
    const crumb = options.beforeBreadcrumb({ message: 'token Bearer abcdefghijklmnopqrstuvwx' });
    const sent = JSON.stringify([event, crumb]);
    for (const secret of ['ava', 'Ava', 'abcdefghijklmnop']) expect(sent).not.toContain(secret);
    expect(event.user).toEqual({ id: 7 });
  });
});
