import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';

type HistoryNavigator = {
  push: (...args: never[]) => void;
  replace: (...args: never[]) => void;
  go: (delta: number) => void;
};

const GUARD = 'wellbankUnsavedGuard';

const isGuard = (state: unknown) => Boolean((state as Record<string, unknown> | null)?.[GUARD]);

const pushGuard = () => window.history.pushState({ ...window.history.state, [GUARD]: true }, '');

/**
 * Holds back every way of leaving a page while `dirty` (issue #14: leaving an entry page with
 * unsaved counter changes asks first), and returns what the confirm needs. The app uses React
 * Router in declarative mode (decision 0015), whose `useBlocker` works only under the data
 * router; so this wraps the router's history while dirty: in-app navigations (links, `navigate`)
 * wait for an answer. The browser's Back cannot be cancelled (popstate comes after the fact, and
 * Chromium runs the router's listener first), so while dirty a copy of the current entry sits on
 * top of the history: Back lands on the same page, which then asks; "leave" goes back for real,
 * "stay" puts the copy back. Reloading or closing the tab gets the browser's own question
 * (beforeunload). Decision 0028.
 */
export function useUnsavedChangesPrompt(dirty: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [retry, setRetry] = useState<(() => void) | null>(null);
  const passing = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    passing.current = false;
    const history = navigator as unknown as HistoryNavigator;
    const original = { push: history.push, replace: history.replace, go: history.go };
    // Leaving from the copy replaces it, so the history reads as if it had never been there.
    const push = (...args: never[]) =>
      isGuard(window.history.state) ? original.replace(...args) : original.push(...args);
    const hold =
      <A extends unknown[]>(run: (...args: A) => void) =>
      (...args: A) => {
        if (passing.current) return run(...args);
        setRetry(() => () => run(...args));
      };
    history.push = hold(push);
    history.replace = hold(original.replace);
    history.go = hold(original.go);

    // The copy carries the router's state (its index too), so the router sees the same page.
    if (!isGuard(window.history.state)) pushGuard();
    const onPopState = (event: PopStateEvent) => {
      if (passing.current || isGuard(event.state)) return;
      setRetry(() => () => window.history.go(-1));
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('popstate', onPopState);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      Object.assign(history, original);
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, navigator]);

  /** Lets the next navigation through: after a save, or once "leave" was chosen. */
  const allowLeaving = useCallback(() => {
    passing.current = true;
  }, []);

  const leave = useCallback(() => {
    passing.current = true;
    setRetry(null);
    retry?.();
  }, [retry]);

  const stay = useCallback(() => {
    setRetry(null);
    if (!isGuard(window.history.state)) pushGuard();
  }, []);

  return { asking: retry !== null, leave, stay, allowLeaving };
}
