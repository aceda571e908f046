import type { TagRecord, TicketRecord } from '@sb/contracts';

/** The lane of tickets without a kanban tag (spec 3 §2.11 default lane). */
export const DefaultLaneId = 0;

export type KanbanLane = {
  id: number;
  name: string | null;
  color: string | null;
  tickets: TicketRecord[];
};

/** The lane a ticket sits in: its first kanban tag, else the default lane. */
export const laneOf = (ticket: Pick<TicketRecord, 'tags'>, kanbanTagIds: number[]): number =>
  ticket.tags.find((tag) => kanbanTagIds.includes(tag.id))?.id ?? DefaultLaneId;

/** One default lane plus one lane per kanban tag (in the tags' order), each with its tickets. */
export const buildLanes = (tickets: TicketRecord[], tags: TagRecord[]): KanbanLane[] => {
  const ids = tags.map((tag) => tag.id);
  const lanes: KanbanLane[] = [
    { id: DefaultLaneId, name: null, color: null, tickets: [] },
    ...tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color, tickets: [] })),
  ];
  const byId = new Map(lanes.map((lane) => [lane.id, lane]));
  for (const ticket of tickets) byId.get(laneOf(ticket, ids))?.tickets.push(ticket);
  return lanes;
};

export type KanbanStep =
  { kind: 'remove'; ticketId: number } | { kind: 'add'; ticketId: number; tagId: number };

/**
 * The calls of a kanban move (spec 3 §4 Kanban move): first remove the ticket's tag link, then link
 * the target lane's tag; to the default lane only the removal; nothing when the lane does not change.
 */
export const moveSteps = (ticketId: number, fromLane: number, toLane: number): KanbanStep[] => {
  if (fromLane === toLane) return [];
  const steps: KanbanStep[] = [{ kind: 'remove', ticketId }];
  if (toLane !== DefaultLaneId) steps.push({ kind: 'add', ticketId, tagId: toLane });
  return steps;
};

/** The ticket's tags after a move: DELETE /ticket-tags drops every link, then the lane's tag is added. */
export const movedTags = (
  target: Pick<TagRecord, 'id' | 'name' | 'color'> | null,
): TicketRecord['tags'] =>
  target ? [{ id: target.id, name: target.name, color: target.color }] : [];

/**
 * The lanes in a user's chosen order (lane ids, left to right). Lanes the order does not name yet (a
 * new kanban tag) keep their place after the named ones; ids of deleted lanes are skipped.
 */
export const orderLanes = <L extends { id: number }>(lanes: L[], order: readonly number[]): L[] => {
  const rank = (lane: L) => {
    const at = order.indexOf(lane.id);
    return at === -1 ? order.length + lanes.indexOf(lane) : at;
  };
  return [...lanes].sort((a, b) => rank(a) - rank(b));
};

/** The lane ids after moving lane `id` one place left (-1) or right (+1); unchanged at an end. */
export const movedLaneOrder = (laneIds: readonly number[], id: number, step: -1 | 1): number[] => {
  const from = laneIds.indexOf(id);
  const to = from + step;
  if (from === -1 || to < 0 || to >= laneIds.length) return [...laneIds];
  const next = [...laneIds];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
};
