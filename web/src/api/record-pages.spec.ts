import { describe, expect, it } from 'vitest';
import { applyRecordEvent, mergePages, pagedList } from './record-pages.js';

type Row = { id: number; status: string; updatedAt: string };
const at = (second: number) => `2026-11-27T13:00:${String(second).padStart(2, '0')}.000Z`;
const page = (...records: Row[]) => ({ records, hasMore: false });
type Args = { pageNumber: number; searchParam?: string; chatId?: number };

describe('record pages', () => {
  it('puts a created or updated record on top and removes a deleted one', () => {
    const draft = page(
      { id: 1, status: 'A', updatedAt: at(1) },
      { id: 2, status: 'A', updatedAt: at(1) },
    );
    applyRecordEvent(draft, { action: 'update', record: { id: 2, status: 'B', updatedAt: at(2) } });
    expect(draft.records.map((r) => [r.id, r.status])).toEqual([
      [2, 'B'],
      [1, 'A'],
    ]);
    applyRecordEvent(draft, { action: 'delete', id: 1 });
    expect(draft.records.map((r) => r.id)).toEqual([2]);
  });

  it('keeps the newer version when an event arrives after a later one', () => {
    const draft = page({ id: 1, status: 'FINALIZADA', updatedAt: at(3) });
    applyRecordEvent(draft, {
      action: 'update',
      record: { id: 1, status: 'EM_ANDAMENTO', updatedAt: at(2) },
    });
    expect(draft.records[0]!.status).toBe('FINALIZADA');
  });

  it('keeps the newer version when a first page asked for earlier answers after an event', () => {
    const cached = page({ id: 1, status: 'FINALIZADA', updatedAt: at(3) });
    const answer = page(
      { id: 1, status: 'EM_ANDAMENTO', updatedAt: at(2) },
      { id: 2, status: 'A', updatedAt: at(1) },
    );
    const merged = mergePages(cached, answer, { arg: { pageNumber: 1 } });
    expect(merged.records.map((r) => r.status)).toEqual(['FINALIZADA', 'A']);
  });

  it('appends only new records of a later page', () => {
    const cached = page({ id: 1, status: 'A', updatedAt: at(1) });
    const answer = page(
      { id: 1, status: 'A', updatedAt: at(1) },
      { id: 2, status: 'B', updatedAt: at(1) },
    );
    expect(mergePages(cached, answer, { arg: { pageNumber: 2 } }).records.map((r) => r.id)).toEqual(
      [1, 2],
    );
  });

  it('keys a cache entry by the search (or the given key) and asks again for another page', () => {
    const bySearch = pagedList<{ records: Row[]; hasMore: boolean }, Args>();
    expect(
      bySearch.serializeQueryArgs({
        queryArgs: { searchParam: 'ana', pageNumber: 3 },
        endpointName: 'list',
      }),
    ).toBe('list(ana)');
    const byChat = pagedList<{ records: Row[]; hasMore: boolean }, Args>({
      key: (args) => args.chatId ?? 0,
    });
    expect(
      byChat.serializeQueryArgs({ queryArgs: { chatId: 7, pageNumber: 2 }, endpointName: 'msgs' }),
    ).toBe('msgs(7)');
    expect(
      bySearch.forceRefetch({ currentArg: { pageNumber: 2 }, previousArg: { pageNumber: 1 } }),
    ).toBe(true);
    expect(
      bySearch.forceRefetch({ currentArg: { pageNumber: 2 }, previousArg: { pageNumber: 2 } }),
    ).toBe(false);
  });

  it('merges the rows of a named field, known by the given identity, and takes the later fields', () => {
    type Numbered = { number: string };
    const held = { items: [{ number: 'a' }] as Numbered[], hasMore: true, count: 3 };
    const next = { items: [{ number: 'a' }, { number: 'b' }], hasMore: false, count: 4 };
    const merged = mergePages(
      held,
      next,
      { arg: { pageNumber: 2 } },
      {
        rows: 'items',
        idOf: (row: Numbered) => row.number,
      },
    );
    expect(merged).toEqual({ items: [{ number: 'a' }, { number: 'b' }], hasMore: false, count: 4 });
  });

  it('puts an older page before the held rows of an oldest-first list', () => {
    const held = page({ id: 5, status: 'A', updatedAt: at(5) });
    const older = { records: [{ id: 3, status: 'A', updatedAt: at(3) }], hasMore: true };
    const merged = mergePages(held, older, { arg: { pageNumber: 2 } }, { olderFirst: true });
    expect(merged.records.map((r) => r.id)).toEqual([3, 5]);
    expect(merged.hasMore).toBe(true);
  });

  it('keeps the older pages loaded when page 1 of an oldest-first list is asked again', () => {
    const held = {
      records: [1, 2, 3].map((id) => ({ id, status: 'A', updatedAt: at(id) })),
      hasMore: true,
    };
    const fresh = page(
      { id: 3, status: 'A', updatedAt: at(3) },
      { id: 4, status: 'A', updatedAt: at(4) },
    );
    const merged = mergePages(
      held,
      fresh,
      { arg: { pageNumber: 1 } },
      {
        olderFirst: true,
        refetchKeepsOlder: true,
      },
    );
    expect(merged.records.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(merged.hasMore).toBe(true);
    // without the option the first page replaces what was held
    expect(mergePages(held, fresh, { arg: { pageNumber: 1 } }).records.map((r) => r.id)).toEqual([
      3, 4,
    ]);
  });
});
