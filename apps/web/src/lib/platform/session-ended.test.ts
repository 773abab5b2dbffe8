import { beforeEach, describe, expect, it } from 'vitest';
import { forgetSessionEnded, loginAfterUnauthorized, sessionHasEnded } from './session-ended';

beforeEach(() => {
  forgetSessionEnded();
  window.history.replaceState(null, '', '/');
});

describe('where a 401 sends the browser (decision 0037)', () => {
  it('to the login page that returns here, noting that the session ended', () => {
    window.history.replaceState(null, '', '/schools/students?sort=points#top');
    expect(loginAfterUnauthorized(true)).toBe(
      '/login?next=%2Fschools%2Fstudents%3Fsort%3Dpoints%23top',
    );
    expect(sessionHasEnded()).toBe(true);
    forgetSessionEnded();
    expect(sessionHasEnded()).toBe(false);
  });

  it('without the note when no session was stored, and plain /login from the home page', () => {
    window.history.replaceState(null, '', '/dashboard');
    expect(loginAfterUnauthorized(false)).toBe('/login');
    expect(sessionHasEnded()).toBe(false);
  });

  it('nowhere from the login page itself', () => {
    window.history.replaceState(null, '', '/login?next=%2Fprogress');
    expect(loginAfterUnauthorized(true)).toBeNull();
  });
});
