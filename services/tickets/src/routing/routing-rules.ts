/** A pending ticket of a queue, outside any bot step, as the router sees it. */
export type RoutableTicket = {
  id: number;
  queueId: number;
  userId: number | null;
  /** the agent the router last gave the ticket to, and when (null: the router never did) */
  routedUserId: number | null;
  routedAt: Date | null;
};

/** The queue's rotation knobs (spec 2: tempoRoteador 0 unset, 2, 5, 10, 15, 30, 45 or 60 minutes). */
export type RoutingQueue = { ativarRoteador: boolean; tempoRoteador: number };

/** Give the ticket to `userId`: a first assignment, or the rotation to the next agent. */
export type RoutingPlan = { kind: 'assign' | 'rotate'; userId: number };

/** A queue rotates its waiting tickets when the router is on and a rotation time is chosen. */
export const rotates = (queue: RoutingQueue): boolean =>
  queue.ativarRoteador && queue.tempoRoteador > 0;

/** One of the available agents, at random (`random` in [0, 1)); null when there is none. */
export const randomAgent = (available: number[], random: () => number): number | null => {
  if (available.length === 0) return null;
  const index = Math.min(available.length - 1, Math.floor(random() * available.length));
  return available[index]!;
};

/**
 * Round robin over the available agents in id order: the first after `current`, wrapping around. The
 * current agent keeps the ticket when nobody else is available (null only when nobody is at all).
 */
export const nextAgent = (available: number[], current: number): number | null => {
  const others = [...new Set(available)].filter((id) => id !== current).sort((a, b) => a - b);
  if (others.length === 0) return available.includes(current) ? current : null;
  return others.find((id) => id > current) ?? others[0]!;
};

/**
 * Who gets a pending ticket now (null: it stays as it is).
 * - No agent yet: with the company's userRandom on, or in a rotating queue, a random available agent.
 * - Given to an agent by the router and still not accepted `tempoRoteador` minutes later, in a rotating
 *   queue: the next available agent. A ticket a person gave to an agent is not the router's to move.
 */
export const planRouting = (
  ticket: RoutableTicket,
  queue: RoutingQueue,
  userRandom: boolean,
  available: number[],
  now: Date,
  random: () => number,
): RoutingPlan | null => {
  if (ticket.userId === null) {
    if (!userRandom && !rotates(queue)) return null;
    const userId = randomAgent(available, random);
    return userId === null ? null : { kind: 'assign', userId };
  }
  if (!rotates(queue) || ticket.routedAt === null || ticket.routedUserId !== ticket.userId)
    return null;
  if (now.getTime() - ticket.routedAt.getTime() < queue.tempoRoteador * 60_000) return null;
  const userId = nextAgent(available, ticket.userId);
  return userId === null || userId === ticket.userId ? null : { kind: 'rotate', userId };
};
