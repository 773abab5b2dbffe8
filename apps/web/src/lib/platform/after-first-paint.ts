import { useEffect, useState } from 'react';

/**
 * True once the page has painted and loaded: what renders behind it downloads out of every page's
 * first load (decision 0018). At once when the browser starts without a network, since then
 * nothing else is coming.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!navigator.onLine || document.readyState === 'complete') {
      const timer = setTimeout(() => setReady(true));
      return () => clearTimeout(timer);
    }
    const onLoad = () => setTimeout(() => setReady(true));
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  return ready;
}
