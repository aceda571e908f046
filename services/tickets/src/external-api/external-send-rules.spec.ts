import {
  adjustActiveTicket,
  hasContent,
  newTicketStatus,
  signatureName,
  takesPhoneNumbers,
  usageDay,
} from './external-send-rules.js';

describe('external API rules', () => {
  it('sends to phone numbers only on WhatsApp channels', () => {
    expect(takesPhoneNumbers('whatsapp')).toBe(true);
    expect(takesPhoneNumbers('whatsappapi')).toBe(true);
    expect(takesPhoneNumbers('facebook')).toBe(false);
    expect(takesPhoneNumbers('instagram')).toBe(false);
  });

  it('counts a call on its UTC day', () => {
    expect(usageDay(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(usageDay(new Date('2026-03-02T00:00:00-03:00'))).toBe('2026-03-02');
    expect(usageDay(new Date('2026-03-01T22:00:00-03:00'))).toBe('2026-03-02');
  });

  it('opens a new ticket for the named user, else leaves it waiting', () => {
    expect(newTicketStatus(7)).toBe('open');
    expect(newTicketStatus(undefined)).toBe('pending');
  });

  it('lets the named user take a waiting ticket nobody holds, and fills a missing queue', () => {
    expect(
      adjustActiveTicket({ status: 'pending', userId: null, queueId: null }, { userId: 7 }),
    ).toEqual({ status: 'open', userId: 7 });
    expect(
      adjustActiveTicket({ status: 'pending', userId: null, queueId: null }, { queueId: 3 }),
    ).toEqual({ queueId: 3 });
    expect(
      adjustActiveTicket(
        { status: 'pending', userId: null, queueId: null },
        { userId: 7, queueId: 3 },
      ),
    ).toEqual({ status: 'open', userId: 7, queueId: 3 });
  });

  it('never takes a ticket away from its agent nor moves a queued one', () => {
    expect(
      adjustActiveTicket({ status: 'open', userId: 5, queueId: 2 }, { userId: 7, queueId: 3 }),
    ).toBeNull();
    expect(adjustActiveTicket({ status: 'pending', userId: null, queueId: 2 }, {})).toBeNull();
    expect(
      adjustActiveTicket({ status: 'nps', userId: null, queueId: 2 }, { userId: 7 }),
    ).toBeNull();
  });

  it("signs with the user's name, else the connection's", () => {
    expect(signatureName('Ana', 'Sales line')).toBe('Ana');
    expect(signatureName(null, 'Sales line')).toBe('Sales line');
    expect(signatureName('  ', null)).toBe('');
  });

  it('needs a text or a file', () => {
    expect(hasContent('  ', 0)).toBe(false);
    expect(hasContent('', 1)).toBe(true);
    expect(hasContent('Hi', 0)).toBe(true);
  });
});
