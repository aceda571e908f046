import { useSyncExternalStore } from 'react';

/** Mobile breakpoint of spec 1 §9: below 600 px the drawer becomes a temporary overlay. */
export const MobileQuery = '(max-width: 599.98px)';

const matches = (query: string) =>
  typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

export const useMediaQuery = (query: string): boolean =>
  useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matches(query),
  );
