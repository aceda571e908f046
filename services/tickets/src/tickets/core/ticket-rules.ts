import type {
  TicketFacts,
  TicketListQuery,
  TicketLogType,
  TicketStatus,
  TicketUpdateInput,
  TicketViewer,
} from '@sb/contracts';
import type { BotTexts } from '../../bot/language/bot-texts.js';

/** Statuses of a ticket still being worked on: at most one per contact and connection. */
export const ActiveTicketStatuses: readonly TicketStatus[] = [
  'pending',
  'open',
  'group',
  'nps',
  'lgpd',
];
export const isActiveStatus = (status: TicketStatus): boolean =>
  ActiveTicketStatuses.includes(status);

/** A SQL condition with its positional parameters (numbered from `$<first>`). */
export type SqlCondition = { sql: string; params: unknown[] };

/**
 * A condition that already limits the rows to one company (its first part is the company's);
 * `textSearch` when it matches text through the trigram indexes.
 */
export type CompanyCondition = SqlCondition & {
  readonly companyId: number;
  readonly textSearch: boolean;
};

/**
 * Builds `AND`-joined conditions with numbered parameters; user text only ever goes into `params`.
 * Column names are fixed strings of this module.
 */
export class ConditionBuilder {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  constructor(private readonly offset = 0) {}

  /** Adds a parameter and returns its placeholder. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.offset + this.params.length}`;
  }

  add(sql: string): this {
    this.parts.push(sql);
    return this;
  }

  build(): SqlCondition {
    return { sql: this.parts.length ? this.parts.join(' AND ') : 'TRUE', params: this.params };
  }
}

/** The queues a list may show: the chosen ones (own queues only for non-admins), else all own ones. */
export const listQueues = (viewer: TicketViewer, chosen: number[] | undefined): number[] | null => {
  if (viewer.admin) return chosen?.length ? chosen : null;
  if (!chosen?.length) return viewer.queueIds;
  return chosen.filter((id) => viewer.queueIds.includes(id));
};

/**
 * The WHERE conditions of GET /tickets over `t` (tickets), BEHAVIOUR.md §5 List:
 * - the base filter is (mine OR pending) in the visible queues; the open tab shows only mine;
 * - admins with showAll see every ticket of the chosen queues;
 * - pending tickets with no queue need allTicket (admins see them), group tickets need allowGroup;
 * - search is accent-insensitive over the contact's name and number and the messages' bodies.
 * `searchPattern` is the escaped LIKE pattern of the lower-case, accent-free search text.
 */
export const listConditions = (
  companyId: number,
  viewer: TicketViewer,
  query: TicketListQuery,
  searchPattern: string | null,
  digitsPattern: string | null,
): CompanyCondition => {
  const where = new ConditionBuilder();
  const company = where.param(companyId);
  where.add(`t.company_id = ${company}`);
  const showAll = viewer.admin && query.showAll === true;
  // added on first use: Postgres refuses a parameter the SQL never reads
  let meParam: string | undefined;
  const meRef = () => (meParam ??= where.param(viewer.userId));
  const queues = listQueues(viewer, query.queueIds);
  const queueList = queues === null ? null : where.param(queues);
  const inQueues = queueList === null ? 'TRUE' : `t.queue_id = ANY(${queueList}::int[])`;
  const noQueueAllowed = viewer.admin || viewer.allTicket;
  // queue visibility: chosen queues, no queue (admins, allTicket, or my own), groups by allowGroup
  const queueCond = `(${inQueues} OR (t.queue_id IS NULL AND ${noQueueAllowed ? 'TRUE' : `t.user_id = ${meRef()}`}))`;
  const groupAllowed = viewer.admin || viewer.allowGroup;
  const groupCond = groupAllowed ? 'TRUE' : `t.user_id = ${meRef()}`;
  const visible = `(CASE WHEN t.status = 'group' OR t.is_group THEN ${groupCond} ELSE ${queueCond} END)`;
  where.add(visible);
  if (!showAll) {
    // mine, or waiting for someone (pending, unassigned bot states), or a group anyone allowed may see
    where.add(
      `(t.user_id = ${meRef()} OR t.status = 'pending' OR (t.status = 'group' AND ${groupAllowed ? 'TRUE' : 'FALSE'}))`,
    );
  }
  if (query.status) {
    where.add(`t.status = ${where.param(query.status)}`);
    if (query.status === 'open' && !showAll) where.add(`t.user_id = ${meRef()}`);
  }
  if (query.statusFilter?.length)
    where.add(`t.status = ANY(${where.param(query.statusFilter)}::text[])`);
  if (query.whatsapps?.length)
    where.add(`t.whatsapp_id = ANY(${where.param(query.whatsapps)}::int[])`);
  // the users filter is for admins only (spec 1 §6)
  const users = viewer.admin ? [...(query.users ?? []), ...(query.userFilter ?? [])] : [];
  if (users.length) where.add(`t.user_id = ANY(${where.param(users)}::int[])`);
  if (query.tags?.length) {
    // every chosen tag, on the ticket or on its contact
    where.add(`NOT EXISTS (
      SELECT 1 FROM unnest(${where.param(query.tags)}::int[]) AS wanted(tag_id)
       WHERE NOT EXISTS (SELECT 1 FROM ticket_tags tt WHERE tt.ticket_id = t.id AND tt.tag_id = wanted.tag_id)
         AND NOT EXISTS (SELECT 1 FROM contact_tags ct WHERE ct.contact_id = t.contact_id AND ct.tag_id = wanted.tag_id))`);
  }
  if (query.date) where.add(`t.created_at::date = ${where.param(query.date)}::date`);
  if (query.updatedAt) where.add(`t.updated_at::date = ${where.param(query.updatedAt)}::date`);
  if (query.withUnreadMessages) where.add('t.unread_messages > 0');
  if (searchPattern) {
    // the ids of the tickets whose contact or one of whose messages matches, built first from the
    // trigram indexes and then read by primary key (an OR of EXISTS per ticket could use no index and
    // visited every ticket of the company)
    const pattern = where.param(searchPattern);
    const contactMatch = digitsPattern
      ? `(c.search_name LIKE ${pattern} OR c.number LIKE ${where.param(digitsPattern)})`
      : `c.search_name LIKE ${pattern}`;
    where.add(`t.id = ANY (ARRAY(
      SELECT ct.id FROM contacts c JOIN tickets ct ON ct.contact_id = c.id
       WHERE c.company_id = ${company} AND ct.company_id = ${company} AND ${contactMatch}
      UNION
      SELECT m.ticket_id FROM messages m
       WHERE m.company_id = ${company} AND search_text(m.body) LIKE ${pattern}))`);
  }
  return { ...where.build(), companyId, textSearch: searchPattern !== null };
};

/** The lists that show only the newest ticket per contact and connection (closed and search tabs). */
export const listsNewestPerContact = (query: TicketListQuery): boolean =>
  !query.status || query.status === 'closed';

/** The kind of change a PUT /tickets/:id asks for (spec 1 §4, BEHAVIOUR.md §5). */
export type TicketChange =
  | { kind: 'accept'; status: 'open' | 'group'; userId: number; queueId: number | null }
  | { kind: 'reopen'; status: 'open' | 'group'; userId: number; queueId: number | null }
  | { kind: 'return'; queueId: number | null }
  | { kind: 'transfer'; status: TicketStatus; userId: number | null; queueId: number | null }
  | { kind: 'close'; farewell: boolean; rating: boolean }
  | { kind: 'taken' }
  | { kind: 'fields' };

export type TransitionError = 'ERR_TICKET_INVALID_TRANSITION';

/** The statuses a ticket may be moved to by an agent, per current status. */
export const AllowedTransitions: Record<TicketStatus, readonly TicketStatus[]> = {
  pending: ['pending', 'open', 'group', 'closed'],
  open: ['open', 'pending', 'closed'],
  group: ['group', 'closed', 'pending'],
  closed: ['closed', 'open', 'group'],
  nps: ['nps', 'closed', 'open', 'group'],
  lgpd: ['lgpd', 'pending', 'open', 'closed'],
};

/** The working status of an assigned ticket: group for a group unless its connection treats groups as tickets. */
export const workingStatus = (isGroup: boolean, groupAsTicket: boolean): 'open' | 'group' =>
  isGroup && !groupAsTicket ? 'group' : 'open';

/**
 * Decides what a PUT /tickets/:id does (a pure function of the ticket, the request and the caller):
 * accept (pending → open/group, mine), reopen (closed/nps → open), return to queue (→ pending without
 * user), transfer (another user and/or queue), close (with or without farewell), "already taken"
 * (accepting a ticket another user holds) or only field changes.
 */
export const planTicketChange = (
  ticket: TicketFacts,
  input: TicketUpdateInput,
  callerId: number,
  groupAsTicket: boolean,
  callerIsAdmin = false,
): TicketChange | TransitionError => {
  const wanted = input.status ?? ticket.status;
  const working = workingStatus(ticket.isGroup, groupAsTicket);
  const target: TicketStatus = wanted === 'open' || wanted === 'group' ? working : wanted;
  if (!AllowedTransitions[ticket.status].includes(target)) return 'ERR_TICKET_INVALID_TRANSITION';
  const queueId = input.queueId === undefined ? ticket.queueId : input.queueId;
  if (target === 'closed') {
    if (ticket.status === 'closed') return { kind: 'fields' };
    return {
      kind: 'close',
      farewell: input.sendFarewellMessage !== false,
      rating: input.sendRating !== false,
    };
  }
  if (target === 'open' || target === 'group') {
    const userId = input.userId === undefined || input.userId === null ? callerId : input.userId;
    if (ticket.status === 'closed' || ticket.status === 'nps')
      return { kind: 'reopen', status: target, userId, queueId };
    if (ticket.status === 'pending' || ticket.status === 'lgpd') {
      if (userId !== callerId) return { kind: 'transfer', status: target, userId, queueId };
      return { kind: 'accept', status: target, userId, queueId };
    }
    // open or group already: the same holder changes fields, another user is a transfer, but accepting
    // (no user, or the caller themselves: what the accept button sends) a ticket someone else holds
    // answers "already taken"; only an admin may take a held ticket over by naming themselves
    const selfAssign =
      input.userId === undefined || input.userId === null || input.userId === callerId;
    if (ticket.userId !== null && ticket.userId !== callerId && selfAssign && !callerIsAdmin)
      return { kind: 'taken' };
    if (ticket.userId !== null && ticket.userId !== callerId && input.userId === undefined)
      return { kind: 'taken' };
    if (userId !== ticket.userId || queueId !== ticket.queueId)
      return { kind: 'transfer', status: target, userId, queueId };
    return { kind: 'fields' };
  }
  if (target === 'pending') {
    // back to its own queue is a return; to another queue a transfer (its message, its logs)
    if (
      ticket.status !== 'pending' &&
      (input.userId === undefined || input.userId === null) &&
      queueId === ticket.queueId
    )
      return { kind: 'return', queueId };
    if (queueId !== ticket.queueId || (input.userId ?? null) !== ticket.userId)
      return { kind: 'transfer', status: 'pending', userId: input.userId ?? null, queueId };
    return { kind: 'fields' };
  }
  return { kind: 'fields' };
};

/**
 * Whether an accept or reopen may take the queue it names (spec 1 §4): an admin may take a
 * ticket into any queue of the company; a user only into one of their own queues, or keep the
 * ticket's. No queue stays allowed (a company without queues; the web app asks for one once queues
 * exist).
 */
export const mayTakeQueue = (
  viewer: Pick<TicketViewer, 'admin' | 'queueIds'>,
  ticketQueueId: number | null,
  queueId: number | null,
): boolean =>
  viewer.admin ||
  queueId === null ||
  queueId === ticketQueueId ||
  viewer.queueIds.includes(queueId);

/** The log entries of a change: what the caller did, and for a transfer what the receiver got. */
export const logsOfChange = (
  change: TicketChange,
  before: TicketFacts,
  callerId: number,
): { type: TicketLogType; userId: number | null; queueId: number | null }[] => {
  switch (change.kind) {
    case 'accept':
    case 'reopen':
      return [{ type: 'open', userId: change.userId, queueId: change.queueId }];
    case 'return':
      return [{ type: 'pending', userId: callerId, queueId: change.queueId }];
    case 'transfer':
      return [
        { type: 'transfered', userId: callerId, queueId: before.queueId },
        { type: 'receivedTransfer', userId: change.userId, queueId: change.queueId },
      ];
    case 'close':
      return [{ type: 'closed', userId: callerId, queueId: before.queueId }];
    case 'taken':
    case 'fields':
      return [];
  }
};

/** The text telling the contact about a transfer (sendMsgTransfTicket), or null when nothing changed. */
export const transferText = (
  texts: BotTexts,
  queueName: string | null,
  userName: string | null,
): string | null => {
  if (queueName && userName) return texts.transferToQueueAndUser(queueName, userName);
  if (userName) return texts.transferToUser(userName);
  if (queueName) return texts.transferToQueue(queueName);
  return null;
};

/** The protocol shown to the contact: the creation day and the ticket id. */
export const ticketCode = (id: number, createdAt: Date): string =>
  `${createdAt.toISOString().slice(0, 10).replaceAll('-', '')}${id}`;
