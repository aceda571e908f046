import {
  canSeeTicket,
  mayReadConnectionToken,
  resolveEventSocket,
  roomCompanyId,
  rooms,
  type DomainEvent,
  type TicketFacts,
  type TicketViewer,
} from '@sb/contracts';

/** Gateway-internal room of one login session's sockets (never a target of the event table). */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;

/**
 * Whose sockets the server puts in the company's admins room (admins, and super users logged into the
 * company): what only they may read over HTTP is routed there. Every other room holds any profile.
 */
export const joinsAdminsRoom = (caller: { profile: string; super: boolean }): boolean =>
  mayReadConnectionToken(caller);

export type SocketEmit = {
  event: string;
  /** a second name the same payload goes out under (spec 2 §7's global users event) */
  alsoEvent?: string;
  payload: unknown;
  rooms: string[];
  /** rooms whose sockets are skipped */
  except: string[];
  /** rooms the table named outside the event's company: dropped, and worth a warning */
  dropped: string[];
  /**
   * the admins' version of the event: `payload` then skips this room (its sockets are in the company
   * room too) and the room gets this payload instead
   */
  admin?: { room: string; payload: unknown };
  /**
   * a ticket or message event: `payload` reaches only the sockets whose user may see this ticket, the
   * others get `hiddenPayload` (when set) or nothing
   */
  ticket?: { facts: TicketFacts; hiddenPayload?: unknown };
};

/**
 * What one domain event becomes on the sockets: the contracts' event→socket table, restricted to rooms of
 * the event's own company (the platform and super rooms only for platform-wide events of company 0). A wrong table
 * row can therefore never send one tenant's data to another.
 */
export const planSocketEmit = (
  event: DomainEvent,
  resolve: typeof resolveEventSocket = resolveEventSocket,
): SocketEmit | undefined => {
  const resolved = resolve(event);
  if (!resolved) return undefined;
  const allowed: string[] = [];
  const dropped: string[] = [];
  for (const room of new Set(resolved.rooms)) {
    const platformWide = room === rooms.platform() || room === rooms.supers();
    const sameCompany = platformWide
      ? event.companyId === 0
      : roomCompanyId(room) === event.companyId;
    (sameCompany ? allowed : dropped).push(room);
  }
  if (allowed.length === 0 && dropped.length === 0) return undefined;
  const except = resolved.exceptSessionId ? [sessionRoom(resolved.exceptSessionId)] : [];
  const names = {
    event: resolved.event,
    ...(resolved.alsoEvent ? { alsoEvent: resolved.alsoEvent } : {}),
    ...(resolved.ticket ? { ticket: resolved.ticket } : {}),
  };
  if (resolved.adminPayload === undefined || event.companyId <= 0 || allowed.length === 0) {
    return { ...names, payload: resolved.payload, rooms: allowed, except, dropped };
  }
  const room = rooms.admins(event.companyId);
  return {
    ...names,
    payload: resolved.payload,
    rooms: allowed,
    except: [...except, room],
    dropped,
    admin: { room, payload: resolved.adminPayload },
  };
};

/**
 * Splits the sockets of a ticket event's rooms by the ticket rule: who may see the ticket, who may not.
 * A pure check per socket against the viewer the socket server keeps for it (no request per event).
 */
export const splitByTicket = (
  sockets: Iterable<{ id: string; viewer: TicketViewer }>,
  facts: TicketFacts,
): { seers: string[]; others: string[] } => {
  const seers: string[] = [];
  const others: string[] = [];
  for (const socket of sockets)
    (canSeeTicket(socket.viewer, facts) ? seers : others).push(socket.id);
  return { seers, others };
};
