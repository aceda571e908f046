import { TicketLogTypes, TicketStatuses, isTicketStatus } from './ticket-statuses.js';

describe('ticket enums', () => {
  it('has the statuses and log types', () => {
    expect(TicketStatuses).toEqual(['pending', 'open', 'closed', 'group', 'lgpd', 'nps']);
    expect(isTicketStatus('group')).toBe(true);
    expect(isTicketStatus('archived')).toBe(false);
    expect(TicketLogTypes).toContain('receivedTransfer');
    expect(TicketLogTypes).toHaveLength(12);
  });
});
