import type { TicketFacts, TicketListQuery, TicketViewer } from '@sb/contracts';
import { BotTextsByLanguage } from '../../bot/language/bot-texts.js';
import {
  listConditions,
  listQueues,
  logsOfChange,
  mayTakeQueue,
  planTicketChange,
  transferText,
  workingStatus,
} from './ticket-rules.js';

const viewer = (over: Partial<TicketViewer> = {}): TicketViewer => ({
  userId: 7,
  admin: false,
  allTicket: false,
  allowGroup: false,
  queueIds: [1, 2],
  ...over,
});
const ticket = (over: Partial<TicketFacts> = {}): TicketFacts => ({
  status: 'pending',
  userId: null,
  queueId: 1,
  isGroup: false,
  ...over,
});
const query = (over: Partial<TicketListQuery> = {}): TicketListQuery => ({
  pageNumber: 1,
  ...over,
});

describe('listQueues', () => {
  it('keeps a non-admin inside their own queues', () => {
    expect(listQueues(viewer(), [2, 5])).toEqual([2]);
    expect(listQueues(viewer(), undefined)).toEqual([1, 2]);
  });
  it('gives admins the chosen queues or all', () => {
    expect(listQueues(viewer({ admin: true }), [5])).toEqual([5]);
    expect(listQueues(viewer({ admin: true }), [])).toBeNull();
  });
});

describe('listConditions', () => {
  it('never puts user text into the SQL', () => {
    const evil = "%'; DROP TABLE tickets; --%";
    const cond = listConditions(1, viewer(), query({ searchParam: evil }), evil, null);
    expect(cond.sql).not.toContain('DROP');
    expect(cond.params).toContain(evil);
  });
  it('limits the open tab to my tickets unless an admin shows all', () => {
    const mine = listConditions(1, viewer(), query({ status: 'open' }), null, null);
    expect(mine.sql).toMatch(/t\.status = \$\d+ AND t\.user_id = \$\d+/);
    const all = listConditions(
      1,
      viewer({ admin: true }),
      query({ status: 'open', showAll: true }),
      null,
      null,
    );
    expect(all.sql).not.toContain("t.status = 'pending'");
    expect(all.sql).not.toMatch(/AND t\.user_id = \$\d+/);
  });
  it('ignores the users filter and showAll for non-admins', () => {
    const cond = listConditions(1, viewer(), query({ users: [3], showAll: true }), null, null);
    expect(cond.params).not.toContainEqual([3]);
    expect(cond.sql).toContain("t.status = 'pending'");
  });
  it('numbers every parameter it adds', () => {
    const cond = listConditions(
      1,
      viewer({ admin: true }),
      query({
        tags: [1],
        whatsapps: [2],
        users: [3],
        date: '2026-01-01',
        withUnreadMessages: true,
      }),
      '%a%',
      '%12%',
    );
    const used = new Set([...cond.sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
    expect([...used].sort((a, b) => a - b)).toEqual(cond.params.map((_, i) => i + 1));
  });
  it('reads every parameter it adds, also when an admin shows all', () => {
    const cond = listConditions(
      1,
      viewer({ admin: true }),
      query({ showAll: true, status: 'pending', queueIds: [1] }),
      null,
      null,
    );
    const used = new Set([...cond.sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
    expect([...used].sort((a, b) => a - b)).toEqual(cond.params.map((_, i) => i + 1));
  });
});

describe('planTicketChange', () => {
  it('accepts a pending ticket for the caller', () => {
    expect(planTicketChange(ticket(), { status: 'open' }, 7, false)).toEqual({
      kind: 'accept',
      status: 'open',
      userId: 7,
      queueId: 1,
    });
  });
  it('accepts a group as group unless groups are tickets on that connection', () => {
    const group = ticket({ isGroup: true });
    expect(planTicketChange(group, { status: 'open' }, 7, false)).toMatchObject({
      status: 'group',
    });
    expect(planTicketChange(group, { status: 'open' }, 7, true)).toMatchObject({ status: 'open' });
    expect(workingStatus(true, false)).toBe('group');
  });
  it('answers "taken" when accepting a ticket another user holds', () => {
    expect(
      planTicketChange(ticket({ status: 'open', userId: 3 }), { status: 'open' }, 7, false),
    ).toEqual({
      kind: 'taken',
    });
  });
  it('answers "taken" when a user accepts naming themselves, as the accept button does', () => {
    const held = ticket({ status: 'open', userId: 3 });
    expect(planTicketChange(held, { status: 'open', userId: 7, queueId: 1 }, 7, false)).toEqual({
      kind: 'taken',
    });
    // an admin naming themselves takes the ticket over (a transfer with its logs)
    expect(
      planTicketChange(held, { status: 'open', userId: 7, queueId: 1 }, 7, false, true),
    ).toMatchObject({ kind: 'transfer', userId: 7 });
    // an admin accepting without naming anyone still gets "taken"
    expect(planTicketChange(held, { status: 'open' }, 7, false, true)).toEqual({ kind: 'taken' });
  });
  it('returns a ticket to its queue', () => {
    expect(
      planTicketChange(
        ticket({ status: 'open', userId: 7 }),
        { status: 'pending', userId: null },
        7,
        false,
      ),
    ).toEqual({ kind: 'return', queueId: 1 });
  });
  it('transfers to another user or only to a queue', () => {
    expect(
      planTicketChange(
        ticket({ status: 'open', userId: 7 }),
        { status: 'open', userId: 9, queueId: 2 },
        7,
        false,
      ),
    ).toEqual({ kind: 'transfer', status: 'open', userId: 9, queueId: 2 });
    expect(
      planTicketChange(ticket({ status: 'pending' }), { status: 'pending', queueId: 2 }, 7, false),
    ).toEqual({ kind: 'transfer', status: 'pending', userId: null, queueId: 2 });
    // an open ticket sent to another queue, with nobody: a transfer, not a return to its queue
    expect(
      planTicketChange(
        ticket({ status: 'open', userId: 7 }),
        { status: 'pending', userId: null, queueId: 2 },
        7,
        false,
      ),
    ).toEqual({ kind: 'transfer', status: 'pending', userId: null, queueId: 2 });
  });
  it('closes with or without farewell, and reopens a closed ticket', () => {
    expect(
      planTicketChange(ticket({ status: 'open', userId: 7 }), { status: 'closed' }, 7, false),
    ).toEqual({
      kind: 'close',
      farewell: true,
      rating: true,
    });
    expect(
      planTicketChange(
        ticket({ status: 'pending' }),
        { status: 'closed', sendFarewellMessage: false },
        7,
        false,
      ),
    ).toEqual({ kind: 'close', farewell: false, rating: true });
    // the close dialog's rating choice: no rating asked
    expect(
      planTicketChange(
        ticket({ status: 'open', userId: 7 }),
        { status: 'closed', sendRating: false },
        7,
        false,
      ),
    ).toEqual({ kind: 'close', farewell: true, rating: false });
    expect(
      planTicketChange(ticket({ status: 'closed', userId: 3 }), { status: 'open' }, 7, false),
    ).toEqual({
      kind: 'reopen',
      status: 'open',
      userId: 7,
      queueId: 1,
    });
  });
  it('refuses moves the current status does not allow', () => {
    expect(planTicketChange(ticket({ status: 'closed' }), { status: 'pending' }, 7, false)).toBe(
      'ERR_TICKET_INVALID_TRANSITION',
    );
  });
  it('only changes fields when no status is asked', () => {
    expect(
      planTicketChange(ticket({ status: 'open', userId: 7 }), { useIntegration: true }, 7, false),
    ).toEqual({ kind: 'fields' });
  });
});

describe('mayTakeQueue', () => {
  it('lets an admin take any queue of the company, or none', () => {
    const admin = viewer({ admin: true, queueIds: [] });
    expect(mayTakeQueue(admin, null, 9)).toBe(true);
    expect(mayTakeQueue(admin, null, null)).toBe(true);
  });
  it("keeps a user inside their own queues, or the ticket's", () => {
    expect(mayTakeQueue(viewer(), null, 2)).toBe(true);
    expect(mayTakeQueue(viewer(), 9, 9)).toBe(true);
    expect(mayTakeQueue(viewer({ queueIds: [] }), null, null)).toBe(true);
    expect(mayTakeQueue(viewer(), null, 9)).toBe(false);
    expect(mayTakeQueue(viewer(), 1, 9)).toBe(false);
  });
});

describe('logsOfChange and texts', () => {
  it('logs both sides of a transfer', () => {
    const logs = logsOfChange(
      { kind: 'transfer', status: 'open', userId: 9, queueId: 2 },
      ticket({ status: 'open', userId: 7 }),
      7,
    );
    expect(logs.map((l) => l.type)).toEqual(['transfered', 'receivedTransfer']);
    expect(logs[1]).toMatchObject({ userId: 9, queueId: 2 });
  });
  it('names the queue and/or the agent of a transfer, in the bot language', () => {
    const pt = BotTextsByLanguage['pt-BR'];
    expect(transferText(pt, 'Vendas', null)).toContain('departamento *Vendas*');
    expect(transferText(pt, null, 'Ana')).toContain('atendente *Ana*');
    expect(transferText(pt, 'Vendas', 'Ana')).toContain('*Vendas* e será atendido por *Ana*');
    expect(transferText(BotTextsByLanguage.en, 'Sales', 'Ana')).toBe(
      '*Automatic message*:\nYou were transferred to the *Sales* department and *Ana* will assist you.',
    );
    expect(transferText(pt, null, null)).toBeNull();
  });
});
