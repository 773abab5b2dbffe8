import type { SessionRecord } from '@wellbank/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getSession,
  isSharedDevice,
  mergeSession,
  SESSION_KEY,
  sessionFrom,
  setSession,
  subscribeSession,
} from './session';

const session = {
  id: 7,
  token: 'token-7',
  first_name: 'Ava',
  last_name: 'Lee',
  points: 10,
  roles: ['student'],
  user_school_roles: [],
} as unknown as SessionRecord;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the stored session', () => {
  it('is kept under the key of the build mode', () => {
    expect(SESSION_KEY).toBe(`wellbank.session.${import.meta.env.MODE}`);
    setSession(session);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(session);
    expect(getSession()).toEqual(session);
  });

  it("keeps a shared device's session in the tab only, and forgets the other kind (decision 0064)", () => {
    setSession(session);
    const shared = { ...session, id: 8, token: 'token-8', shared_device: true };
    setSession(shared);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(shared);
    expect(getSession()).toEqual(shared);
    expect(isSharedDevice()).toBe(true);
    clearSession();
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
    expect(getSession()).toBeNull();
    setSession(shared);
    setSession(session);
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
    expect(isSharedDevice()).toBe(false);
  });

  it('reads as signed out when what is stored is not a usable session', () => {
    for (const raw of ['not json', 'null', '{"id":7}', '{"token":"t","id":"7"}', '[]']) {
      localStorage.setItem(SESSION_KEY, raw);
      expect(getSession(), raw).toBeNull();
    }
  });

  it('fills in the role lists that an older stored session lacks', () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ id: 7, token: 't' }));
    expect(getSession()).toMatchObject({ id: 7, token: 't', roles: [], user_school_roles: [] });
  });

  it('reads as signed out when localStorage refuses to be read', () => {
    setSession(session);
    // As in a browser whose settings block site storage.
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    expect(getSession()).toBeNull();
  });

  it('merges a fresh user record but keeps the token it was signed in with', () => {
    setSession(session);
    mergeSession({ points: 25, token: 'from-elsewhere' } as Partial<SessionRecord>);
    expect(getSession()).toMatchObject({ points: 25, token: 'token-7', first_name: 'Ava' });
  });

  it('merges nothing into no session', () => {
    mergeSession({ points: 25 });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('takes a sign-up answer ({user}) and a login answer (the session) alike', () => {
    expect(sessionFrom({ user: session })).toBe(session);
    expect(sessionFrom(session)).toBe(session);
  });
});

describe('subscribeSession', () => {
  it('tells listeners of sign-in, changes and sign-out here, until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    setSession(session);
    mergeSession({ points: 11 });
    clearSession();
    expect(listener).toHaveBeenCalledTimes(3);
    expect(getSession()).toBeNull();
    unsubscribe();
    setSession(session);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('tells listeners when another tab changes this key or clears the storage, not others', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'something.else' }));
    expect(listener).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('sees a session another tab stored, without a reload', () => {
    expect(getSession()).toBeNull();
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    expect(getSession()?.token).toBe('token-7');
  });
});
