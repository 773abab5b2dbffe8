import { useLayoutEffect, useRef, useState } from 'react';

export interface SidewaysScroll {
  /** The content is wider than its box: the box scrolls sideways. */
  overflows: boolean;
  /** Some of it is still past the right edge (not scrolled to the end). */
  more: boolean;
}

const FITS: SidewaysScroll = { overflows: false, more: false };

/**
 * Whether a box that scrolls sideways has more to show, followed as it scrolls, resizes or its
 * content changes (rows added, a language switched): drives the scroll cue of `DataTable`.
 */
export function useSidewaysScroll<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scroll, setScroll] = useState(FITS);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      // A pixel of slack: zoomed layouts round widths to fractions.
      const overflows = box.scrollWidth > box.clientWidth + 1;
      const more = overflows && box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setScroll((now) =>
        now.overflows === overflows && now.more === more ? now : { overflows, more },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    box.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', measure);
    };
  }, []);
  return { ref, ...scroll };
}
