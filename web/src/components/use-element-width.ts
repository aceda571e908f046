import { useLayoutEffect, useState } from 'react';

/**
 * Follows an element's width in CSS pixels as the window or the panes around it change. Returns the ref
 * callback to put on the element and its width: measured before the first paint, so a layout that
 * depends on it does not flash; undefined while the element is not mounted or has no layout (jsdom).
 */
export const useElementWidth = (): [(element: HTMLElement | null) => void, number | undefined] => {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    if (!element) return;
    const measure = (value: number) => setWidth(value > 0 ? Math.round(value) : undefined);
    measure(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && measure(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
};
