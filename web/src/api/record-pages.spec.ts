import { describe, expect, it } from 'vitest';
import { applyRecordEvent, mergeRecordPages } from './record-pages.js';

type Row = { id: number; status: string; updatedAt: string };
const at = (second: number) => `2026-11-27T13:00:${String(second).padStart(2, '0')}.000Z`;
const page = (...records: Row[]) => ({ records, hasMore: false });

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
    const merged = mergeRecordPages(cached, answer, { arg: { pageNumber: 1 } });
    expect(merged.records.map((r) => r.status)).toEqual(['FINALIZADA', 'A']);
  });

  it('appends only new records of a later page', () => {
    const cached = page({ id: 1, status: 'A', updatedAt: at(1) });
    const answer = page(
      { id: 1, status: 'A', updatedAt: at(1) },
      { id: 2, status: 'B', updatedAt: at(1) },
    );
    expect(
      mergeRecordPages(cached, answer, { arg: { pageNumber: 2 } }).records.map((r) => r.id),
    ).toEqual([1, 2]);
  });
});
