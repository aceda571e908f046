import type { TagRecord } from '@sb/contracts';
import { describe, expect, it } from 'vitest';
import { ticketRecord } from '../tickets/ticket-test-data.js';
import {
  buildLanes,
  DefaultLaneId,
  laneOf,
  movedLaneOrder,
  movedTags,
  moveSteps,
  orderLanes,
} from './kanban-logic.js';

const tag = (id: number, name: string) => ({ id, name, color: `#00${id}` }) as TagRecord;

describe('kanban lanes', () => {
  it('puts tickets without a kanban tag in the default lane and the rest under their tag', () => {
    const tags = [tag(1, 'Todo'), tag(2, 'Doing')];
    const lanes = buildLanes(
      [
        ticketRecord(1),
        ticketRecord(2, { tags: [{ id: 2, name: 'Doing', color: '#002' }] }),
        ticketRecord(3, { tags: [{ id: 9, name: 'plain', color: '#999' }] }),
      ],
      tags,
    );
    expect(lanes.map((lane) => [lane.id, lane.tickets.map((t) => t.id)])).toEqual([
      [DefaultLaneId, [1, 3]],
      [1, []],
      [2, [2]],
    ]);
    expect(lanes[2]?.color).toBe('#002');
    expect(laneOf(ticketRecord(4, { tags: [{ id: 1, name: 'x', color: '' }] }), [1, 2])).toBe(1);
  });

  it('moves by removing the tag link first, then adding the lane tag', () => {
    expect(moveSteps(5, DefaultLaneId, 2)).toEqual([
      { kind: 'remove', ticketId: 5 },
      { kind: 'add', ticketId: 5, tagId: 2 },
    ]);
    expect(moveSteps(5, 2, DefaultLaneId)).toEqual([{ kind: 'remove', ticketId: 5 }]);
    expect(moveSteps(5, 2, 2)).toEqual([]);
    expect(movedTags(tag(2, 'Doing'))).toEqual([{ id: 2, name: 'Doing', color: '#002' }]);
    expect(movedTags(null)).toEqual([]);
  });

  it('orders lanes as the user chose, new lanes after, and moves one a place at a time', () => {
    const lanes = [{ id: 0 }, { id: 20 }, { id: 21 }, { id: 22 }];
    expect(orderLanes(lanes, [21, 99, 0]).map((l) => l.id)).toEqual([21, 0, 20, 22]);
    expect(orderLanes(lanes, []).map((l) => l.id)).toEqual([0, 20, 21, 22]);
    expect(movedLaneOrder([0, 20, 21], 21, -1)).toEqual([0, 21, 20]);
    expect(movedLaneOrder([0, 20, 21], 0, -1)).toEqual([0, 20, 21]);
    expect(movedLaneOrder([0, 20, 21], 21, 1)).toEqual([0, 20, 21]);
  });
});
