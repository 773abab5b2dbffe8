import type { SessionRecord, UserRecord } from '@wellbank/domain';
import { useSyncExternalStore } from 'react';
import { sessionKey } from './session-key';

export const SESSION_KEY = sessionKey(import.meta.env.MODE);

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; session: SessionRecord | null } = { raw: null, session: null };

function parse(raw: string | null): SessionRecord | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SessionRecord> | null;
    const usable = typeof value?.token === 'string' && typeof value.id === 'number';
    return usable ? ({ user_school_roles: [], roles: [], ...value } as SessionRecord) : null;
  } catch {
    return null;
  }
}

/**
 * Where a session is kept: a shared classroom device's (decision 0064) only in this tab's
 * sessionStorage, so it never outlives the tab and nothing of the child is left in localStorage
 * for the next; every other session in localStorage, shared by the browser's tabs.
 */
function storageFor(session: Pick<SessionRecord, 'shared_device'>): Storage {
  return session.shared_device ? sessionStorage : localStorage;
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(SESSION_KEY) ?? sessionStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

export function getSession(): SessionRecord | null {
  const raw = readRaw();
  if (raw !== cached.raw) cached = { raw, session: parse(raw) };
  return cached.session;
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** Stores a session (any sign-in: password, district, class code, badge) and tells the app. */
export function setSession(session: SessionRecord): void {
  const kept = storageFor(session);
  const other = kept === localStorage ? sessionStorage : localStorage;
  other.removeItem(SESSION_KEY);
  kept.setItem(SESSION_KEY, JSON.stringify(session));
  emit();
}

/** Whether the signed-in session is a child's on a shared classroom device (decision 0064). */
export function isSharedDevice(session: SessionRecord | null = getSession()): boolean {
  return session?.shared_device === true;
}

/** Merges a fresh user record (GET /users/{id}, PATCH) into the stored session, keeping the token. */
export function mergeSession(update: Partial<UserRecord>): void {
  const current = getSession();
  if (!current) return;
  setSession({ ...current, ...update, token: current.token });
}

/** Sign-up answers `{user: session}`, the other calls the session itself (DESIGN.md §2). */
export function sessionFrom(body: SessionRecord | { user: SessionRecord }): SessionRecord {
  return 'user' in body ? body.user : body;
}

export function clearSession(): void {
  try {
    localStorage.removeItem(SESSION_KEY);
    sessionStorage.removeItem(SESSION_KEY);
  } finally {
    emit();
  }
}

/** Calls `listener` on sign-in, sign-out and any change of the session, here or in another tab. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in user, or null; re-renders on sign-in, sign-out and changes in other tabs. */
export function useSession(): SessionRecord | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

export function fullName(user: Pick<UserRecord, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

/**
 * Whether the stress check-in is on for the signed-in user (decision 0073): off, no stress page,
 * card, menu entry or figure. A record stored before the field existed reads as on.
 */
export function useStressCheckInOn(): boolean {
  return useSession()?.stress_check_in ?? true;
}
