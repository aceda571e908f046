import type { TicketFact } from '../projection/ticket-fact-rules.js';
import { reportRowOf, reportScope } from './ticket-report-rows.js';

const fact = (over: Partial<TicketFact> = {}): TicketFact => ({
  companyId: 7,
  ticketId: 1,
  contactId: 101,
  contactName: 'Cliente 1',
  isGroup: false,
  createdAt: '2026-03-02T12:00:00.000Z',
  status: 'closed',
  queueId: 2,
  queueName: 'Vendas',
  queueColor: '#f00',
  userId: 5,
  whatsappId: 3,
  whatsappName: 'Loja',
  tags: [{ id: 4, name: 'VIP' }],
  queuedAt: '2026-03-02T12:00:00.000Z',
  acceptedAt: '2026-03-02T12:10:00.000Z',
  acceptedBy: 5,
  firstResponseAt: '2026-03-02T12:12:30.000Z',
  firstResponseBy: 5,
  closedAt: '2026-03-02T14:40:00.000Z',
  closedBy: 5,
  closedExact: true,
  rate: 9,
  ratedAt: '2026-03-02T14:41:00.000Z',
  deleted: false,
  versionAt: '2026-03-02T14:41:00.000Z',
  versionSeq: '2026-03-02T14:41:00.000Z',
  updatedAt: '2026-03-02T14:41:00.000Z',
  ...over,
});

describe('report rows', () => {
  it('gives the durations of a closed ticket in whole minutes', () => {
    // created 12:00, accepted 12:10, first answer 12:12:30, closed 14:40
    expect(reportRowOf(fact(), 'Ana')).toMatchObject({
      id: 1,
      userName: 'Ana',
      connectionName: 'Loja',
      tags: ['VIP'],
      waitMinutes: 10,
      firstResponseMinutes: 12, // 12.5 minutes, whole minutes counted
      supportMinutes: 150, // 12:10 → 14:40
      totalMinutes: 160,
      rate: 9,
    });
  });

  it('measures nothing to now: an open ticket has no close, support or total time', () => {
    const row = reportRowOf(fact({ status: 'open', closedAt: '2026-03-02T13:00:00.000Z' }), 'Ana');
    expect(row).toMatchObject({ closedAt: null, supportMinutes: null, totalMinutes: null });
    expect(row.waitMinutes).toBe(10);
  });

  it('leaves out what did not happen: a pending ticket has no wait, answer or user', () => {
    const row = reportRowOf(
      fact({ status: 'pending', userId: null, acceptedAt: null, firstResponseAt: null }),
      'ghost',
    );
    expect(row).toMatchObject({ userName: null, waitMinutes: null, firstResponseMinutes: null });
  });

  it('scopes the kinds: groups only, rated only, or every ticket', () => {
    expect(reportScope('groups')).toEqual({ groupsOnly: true, ratedOnly: false });
    expect(reportScope('nps')).toEqual({ groupsOnly: false, ratedOnly: true });
    expect(reportScope('tickets')).toEqual({ groupsOnly: false, ratedOnly: false });
    expect(reportScope('duration')).toEqual({ groupsOnly: false, ratedOnly: false });
  });
});
