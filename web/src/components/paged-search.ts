import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';

/** Spec 1 §9: search boxes wait this long after the last key. */
export const SearchDebounceMs = 500;

/** Spec 1 §9: the next page loads when a list is scrolled to within this many pixels of its end. */
export const InfiniteScrollThresholdPx = 100;

export const nearListEnd = (el: {
  scrollHeight: number;
  scrollTop: number;
  clientHeight: number;
}) => el.scrollHeight - el.scrollTop - el.clientHeight < InfiniteScrollThresholdPx;

/** The value, once it has stopped changing for `ms`. */
export const useDebounced = <T>(value: T, ms = SearchDebounceMs): T => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
};

/**
 * A searchable list that renders pages 1..`pages` (one query per page): typing resets to page 1 after
 * the debounce; scrolling near the end asks for the next page while the last one said there is more.
 */
export const usePagedSearch = () => {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [pages, setPages] = useState(1);
  const [hasMore, setHasMore] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPages(1);
    }, SearchDebounceMs);
    return () => clearTimeout(timer);
  }, [typed]);

  const pagesRef = useRef(pages);
  pagesRef.current = pages;
  // only the last page tells whether another one exists
  const onHasMore = useCallback((page: number, more: boolean) => {
    if (page === pagesRef.current) setHasMore(more);
  }, []);

  const onScroll = (event: UIEvent<HTMLElement>) => {
    if (hasMore && nearListEnd(event.currentTarget)) {
      setHasMore(false);
      setPages((n) => n + 1);
    }
  };

  return { typed, setTyped, search, pages, onHasMore, onScroll };
};
