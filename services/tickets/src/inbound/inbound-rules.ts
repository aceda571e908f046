import {
  normaliseContactNumber,
  type ChannelKind,
  type ChannelPeer,
  type InboundMessageEventData,
  type MessageMediaType,
  type TicketStatus,
} from '@sb/contracts';
import { keyBelongsToCompany } from '@sb/storage';
import type { GroupSettings } from '../bot/automation/inbound-turn.js';

/**
 * The rule-free part of the inbound flow as pure functions: what an event is skipped
 * for, which contact fields it changes, which ticket it lands on and what message row it becomes.
 */

/** The statuses of the one active ticket per (company, contact, connection) (tickets_one_active_idx). */
export const ActiveTicketStatuses = ['pending', 'open', 'group', 'nps', 'lgpd'] as const;

/** What the tickets service knows of a connection's group handling (spec 2 §3 allowGroup, groupAsTicket). */
/**
 * When connectors does not answer, a group message is kept as the event says (a group ticket), never
 * dropped: losing a conversation is worse than showing a group the connection would have ignored.
 */
export const UnknownGroupSettings: GroupSettings = { allowGroup: true, groupAsTicket: false };

/** A connection's group handling, from its summary (null: connectors did not answer). */
export const groupSettingsOf = (
  connection: { allowGroup: boolean; groupAsTicket: 'enabled' | 'disabled' } | null,
): GroupSettings =>
  connection
    ? { allowGroup: connection.allowGroup, groupAsTicket: connection.groupAsTicket === 'enabled' }
    : UnknownGroupSettings;

export type SkipReason =
  'status-broadcast' | 'empty-peer' | 'reaction-removed' | 'group-not-allowed';

const isBroadcastPeer = (peer: ChannelPeer): boolean => {
  const number = peer.number.trim().toLowerCase();
  return number === 'status' || number.endsWith('@broadcast') || number.endsWith('@newsletter');
};

/** Why an event is not stored at all (null: it is). Echoes are decided against the store, not here. */
export function skipReason(
  event: Pick<InboundMessageEventData, 'peer' | 'kind' | 'body'>,
  groups: GroupSettings,
): SkipReason | null {
  if (isBroadcastPeer(event.peer)) return 'status-broadcast';
  if (!normaliseContactNumber(event.peer.number, event.peer.isGroup)) return 'empty-peer';
  // a reaction with no emoji takes a reaction back: nothing to show
  if (event.kind === 'reaction' && !event.body.trim()) return 'reaction-removed';
  if (event.peer.isGroup && !groups.allowGroup) return 'group-not-allowed';
  return null;
}

/**
 * The advisory-lock keys of a message: the conversation's number and LID, and the group member's. Two
 * messages of one person share at least one key whatever identifier each carries, so their contact and
 * ticket find-or-create run one after the other. Sorted, so two transactions never wait on each other
 * in opposite orders.
 */
export function lockKeys(channel: ChannelKind, peers: (ChannelPeer | undefined)[]): string[] {
  const keys = new Set<string>();
  for (const peer of peers) {
    if (!peer) continue;
    keys.add(`${channel}:n:${normaliseContactNumber(peer.number, peer.isGroup)}`);
    const lid = peer.lid?.trim();
    if (lid) keys.add(`${channel}:l:${lid}`);
  }
  return [...keys].sort();
}

/** A person lock key (lockKeys) within its company. */
export type PersonKey = { companyId: number; key: string };

/** The batch's person keys once each, in the one order every transaction takes them. */
export function lockOrder(keys: PersonKey[]): PersonKey[] {
  const unique = new Map(keys.map((key) => [`${key.companyId}|${key.key}`, key]));
  return [...unique.values()].sort((a, b) =>
    a.companyId !== b.companyId
      ? a.companyId - b.companyId
      : a.key < b.key
        ? -1
        : a.key > b.key
          ? 1
          : 0,
  );
}

/**
 * Splits a batch into rounds in which no two items share a key, keeping each key's items in their
 * order: an item goes to the round after the last one that used any of its keys. A round can then be
 * applied with one statement per step, as no two of its messages are about the same person.
 */
export function intoRounds<T>(items: T[], keysOf: (item: T) => string[]): T[][] {
  const rounds: T[][] = [];
  const lastRound = new Map<string, number>();
  for (const item of items) {
    const keys = keysOf(item);
    const round = Math.max(-1, ...keys.map((key) => lastRound.get(key) ?? -1)) + 1;
    (rounds[round] ??= []).push(item);
    for (const key of keys) lastRound.set(key, round);
  }
  return rounds;
}

/** The stored contact fields the inbound flow may change. */
export type ContactFacts = {
  name: string;
  number: string;
  lid: string | null;
  isGroup: boolean;
  urlPicture: string | null;
};

export type ContactChanges = Partial<Pick<ContactFacts, 'name' | 'number' | 'lid' | 'urlPicture'>>;

/**
 * What a known contact learns from a new message: its LID, its phone number once a contact known only by
 * its LID shows one, its picture, and its name only while the name still equals the number (an agent's
 * name is never overwritten); a group always takes the group's current subject.
 */
export function contactChanges(existing: ContactFacts, peer: ChannelPeer): ContactChanges {
  const number = normaliseContactNumber(peer.number, peer.isGroup);
  const lid = peer.lid?.trim() || undefined;
  const changes: ContactChanges = {};
  if (lid && existing.lid !== lid) changes.lid = lid;
  if (existing.number !== number && existing.lid !== null && existing.number === existing.lid)
    changes.number = number;
  const name = peer.name?.trim();
  const nameIsNumber = existing.name === existing.number;
  if (name && name !== existing.name && (existing.isGroup || nameIsNumber)) changes.name = name;
  // a name equal to the old (LID) number follows the number it is replaced by
  else if (!name && nameIsNumber && changes.number) changes.name = changes.number;
  if (peer.pictureUrl && peer.pictureUrl !== existing.urlPicture)
    changes.urlPicture = peer.pictureUrl;
  return changes;
}

/** The status a new (or reopened) inbound ticket starts with: a group ticket, or pending. */
export const inboundStatus = (isGroup: boolean, groups: GroupSettings): TicketStatus =>
  isGroup && !groups.groupAsTicket ? 'group' : 'pending';

export type TicketPlan =
  /** the active ticket of the contact on this connection */
  | { kind: 'reuse' }
  /** the latest closed ticket becomes active again */
  | { kind: 'reopen'; status: TicketStatus }
  /** an imported history message lands on the latest ticket as it is */
  | { kind: 'attach' }
  | { kind: 'create'; status: TicketStatus };

/**
 * Which ticket a message lands on. Later rules (the timeCreateNewTicket window, greetings, menus, hours,
 * LGPD, rating, bots) are steps after this one; this is the rule-free base.
 */
export function planInboundTicket(input: {
  active: { status: TicketStatus } | null;
  latest: { status: TicketStatus } | null;
  isGroup: boolean;
  imported: boolean;
  groups: GroupSettings;
  /** closedTicketsPostImported: an imported history's new ticket starts closed, nobody to serve */
  closeImported?: boolean;
}): TicketPlan {
  if (input.active) return { kind: 'reuse' };
  if (input.imported && input.closeImported && !input.latest)
    return { kind: 'create', status: 'closed' };
  const status = inboundStatus(input.isGroup, input.groups);
  if (input.latest) return input.imported ? { kind: 'attach' } : { kind: 'reopen', status };
  return { kind: 'create', status };
}

/** The message columns an inbound event fills. */
export type InboundMessageFields = {
  body: string;
  mediaType: MessageMediaType;
  mediaKey: string | null;
  mediaName: string | null;
  participant: string | null;
  dataJson: Record<string, unknown> | null;
};

/**
 * The row of a new message: the text, the media already in object storage (only a key of this company is
 * kept), the location and the vCard in `dataJson`, the group member in `participant`.
 */
export function inboundMessageFields(
  companyId: number,
  event: InboundMessageEventData,
): InboundMessageFields {
  const media = event.media && keyBelongsToCompany(event.media.key, companyId) ? event.media : null;
  const data: Record<string, unknown> = {};
  if (event.location) data.location = event.location;
  if (event.vcard) data.vcard = event.vcard;
  if (event.kind === 'reaction' && event.targetExternalId) data.reactionTo = event.targetExternalId;
  const body =
    event.body ||
    (event.location
      ? (event.location.description ?? `${event.location.latitude},${event.location.longitude}`)
      : '');
  return {
    body,
    mediaType: event.kind === 'reaction' ? 'reactionMessage' : event.mediaType,
    mediaKey: media?.key ?? null,
    mediaName: media?.fileName ?? null,
    participant: event.peer.isGroup && event.participant ? event.participant.number : null,
    dataJson: Object.keys(data).length ? data : null,
  };
}

/** A contact's own new message counts as unread; our phone's messages and imported history do not. */
export const countsAsUnread = (event: Pick<InboundMessageEventData, 'fromMe' | 'imported'>) =>
  !event.fromMe && !event.imported;

/** The message time: the channel's timestamp, unless it is missing or ahead of our clock. */
export function messageTime(sentAt: string | undefined, now: Date): Date {
  const at = sentAt ? new Date(sentAt) : now;
  if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime()) return now;
  return at;
}

/** Who a peer may be: its number, or its LID. */
export type ContactLookup = {
  companyId: number;
  channel: ChannelKind;
  number: string;
  lid: string | null;
};

/** The columns of a stored contact that pickContact compares. */
export type ContactRow = {
  id: number;
  companyId: number;
  channel: string;
  number: string;
  lid: string | null;
};

/** The contact a lookup finds among candidates: the one holding the number first, then the oldest. */
export function pickContact<C extends ContactRow>(
  candidates: C[],
  lookup: ContactLookup,
): C | null {
  let best: C | null = null;
  const rank = (contact: C) => (contact.number === lookup.number ? 0 : 1);
  for (const contact of candidates) {
    if (contact.companyId !== lookup.companyId || contact.channel !== lookup.channel) continue;
    if (contact.number !== lookup.number && (!lookup.lid || contact.lid !== lookup.lid)) continue;
    if (
      !best ||
      rank(contact) < rank(best) ||
      (rank(contact) === rank(best) && contact.id < best.id)
    )
      best = contact;
  }
  return best;
}
