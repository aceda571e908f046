import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePagedList } from './paged-search.js';

type Page = { rows: number[]; hasMore: boolean };
type Args = { status: string; searchParam: string; pageNumber: number };

/** An RTK Query hook played by hand: each render reads `state` and records the args it got. */
const fakeQuery = () => {
  const asked: Args[] = [];
  const state = {
    data: { rows: [1, 2], hasMore: true } as Page | undefined,
    isFetching: false,
    requestId: 'r1',
    originalArgs: { pageNumber: 1 },
  };
  const useQuery = (args: Args) => {
    asked.push(args);
    return { ...state, isLoading: false, isError: false };
  };
  return { asked, state, useQuery };
};

describe('usePagedList', () => {
  it('asks for the next page, and goes back to page 1 when a save or an event refetches it', () => {
    const { asked, state, useQuery } = fakeQuery();
    const { result, rerender } = renderHook(
      ({ status }) => usePagedList(useQuery, { status }, { rowsOf: (page: Page) => page.rows }),
      { initialProps: { status: 'open' } },
    );
    expect(asked.at(-1)).toEqual({ status: 'open', searchParam: '', pageNumber: 1 });
    expect(result.current.rows).toEqual([1, 2]);
    expect(result.current.table.hasMore).toBe(true);

    // scrolled to the end: page 2 is asked for, and arrives
    act(() => result.current.table.onNextPage());
    expect(asked.at(-1)?.pageNumber).toBe(2);
    Object.assign(state, { isFetching: true, requestId: 'r2', originalArgs: { pageNumber: 2 } });
    rerender({ status: 'open' });
    Object.assign(state, { isFetching: false, data: { rows: [1, 2, 3], hasMore: false } });
    rerender({ status: 'open' });
    expect(asked.at(-1)?.pageNumber).toBe(2);
    expect(result.current.table.isEmpty).toBe(false);

    // the same page fetched again without the list asking (a mutation invalidated it): page 1 again
    Object.assign(state, { isFetching: true, requestId: 'r3' });
    rerender({ status: 'open' });
    rerender({ status: 'open' });
    expect(asked.at(-1)?.pageNumber).toBe(1);

    // other filters start at page 1 from their first render
    Object.assign(state, { isFetching: false, requestId: 'r4', originalArgs: { pageNumber: 1 } });
    act(() => result.current.table.onNextPage());
    expect(asked.at(-1)?.pageNumber).toBe(2);
    rerender({ status: 'closed' });
    expect(asked.at(-1)).toEqual({ status: 'closed', searchParam: '', pageNumber: 1 });
  });
});
