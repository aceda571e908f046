import { canSeeTicket, type TicketFacts, type TicketViewer } from './ticket-visibility.js';

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

describe('canSeeTicket', () => {
  it('lets admins see every ticket', () => {
    expect(canSeeTicket(viewer({ admin: true, queueIds: [] }), ticket({ queueId: 99 }))).toBe(true);
  });
  it('lets users see their own tickets and their queues only', () => {
    expect(canSeeTicket(viewer(), ticket({ queueId: 99, userId: 7, status: 'open' }))).toBe(true);
    expect(canSeeTicket(viewer(), ticket({ queueId: 2 }))).toBe(true);
    expect(canSeeTicket(viewer(), ticket({ queueId: 99 }))).toBe(false);
  });
  it('shows tickets without a queue only with allTicket', () => {
    expect(canSeeTicket(viewer(), ticket({ queueId: null }))).toBe(false);
    expect(canSeeTicket(viewer({ allTicket: true }), ticket({ queueId: null }))).toBe(true);
  });
  it('shows group tickets only with allowGroup', () => {
    const group = ticket({ status: 'group', isGroup: true, queueId: 1, userId: 3 });
    expect(canSeeTicket(viewer(), group)).toBe(false);
    expect(canSeeTicket(viewer({ allowGroup: true }), group)).toBe(true);
  });
});
