import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';

type HistoryNavigator = {
  push: (...args: never[]) => void;
  replace: (...args: never[]) => void;
  go: (delta: number) => void;
};

/** The index React Router's history keeps in each entry's state. */
const historyIndex = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

/**
 * Holds back every way of leaving a page while `dirty` (issue #14: leaving an entry page with
 * unsaved counter changes asks first), and returns what the confirm needs. The app uses React
 * Router in declarative mode (decision 0015), whose `useBlocker` works only under the data
 * router; so, as that blocker does, this wraps the router's history while dirty: in-app
 * navigations (links, `navigate`) wait for an answer; the browser's Back and Forward are undone
 * (the router never sees them) and redone after "leave"; reloading or closing the tab gets the
 * browser's own question (beforeunload). Decision 0028.
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
    const hold =
      <A extends unknown[]>(run: (...args: A) => void) =>
      (...args: A) => {
        if (passing.current) return run(...args);
        setRetry(() => () => run(...args));
      };
    history.push = hold(original.push as (...args: unknown[]) => void);
    history.replace = hold(original.replace as (...args: unknown[]) => void);
    history.go = hold(original.go);

    let here = historyIndex(window.history.state);
    let undoing = false;
    const onPopState = (event: PopStateEvent) => {
      if (passing.current) return;
      const target = historyIndex(event.state);
      if (undoing) {
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      if (here === undefined || target === undefined) return;
      // Capture phase at the window: runs before the router's listener, which never sees it.
      event.stopImmediatePropagation();
      const delta = target - here;
      undoing = true;
      window.history.go(-delta);
      setRetry(() => () => window.history.go(delta));
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('popstate', onPopState, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    here = historyIndex(window.history.state);
    return () => {
      Object.assign(history, original);
      window.removeEventListener('popstate', onPopState, true);
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

  const stay = useCallback(() => setRetry(null), []);

  return { asking: retry !== null, leave, stay, allowLeaving };
}
