import { type RefObject, useEffect, useState } from 'react';

/**
 * The element's width in CSS pixels, followed as it changes: the charts draw at the size they
 * are shown, so their text stays 12 px on a phone and on a desktop alike.
 */
export function useWidth(ref: RefObject<HTMLElement | null>, initial = 320): number {
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
