import { inactivityPlan, type InactivityKnobs } from './inactivity-timers.js';

const now = new Date('2026-11-24T15:00:00Z');
const knobs = (extra: Partial<InactivityKnobs> = {}): InactivityKnobs => ({
  whenExpiresTicket: '0',
  expiresTicket: 60,
  timeInactiveMessage: 20,
  inactiveMessage: 'Ainda está aí?',
  ...extra,
});

describe('inactivity timers', () => {
  it("restart on the message of the side whose silence counts, and stop on the other side's", () => {
    expect(inactivityPlan(knobs(), 'contact', now)).toEqual({
      set: [
        { kind: 'inactive', at: new Date('2026-11-24T15:20:00Z') },
        { kind: 'expire', at: new Date('2026-11-24T16:00:00Z') },
      ],
    });
    expect(inactivityPlan(knobs(), 'agent', now)).toEqual({ cancel: true });
    expect(inactivityPlan(knobs({ whenExpiresTicket: '1' }), 'agent', now)).toMatchObject({
      set: [{ kind: 'inactive' }, { kind: 'expire' }],
    });
    expect(inactivityPlan(knobs({ whenExpiresTicket: '1' }), 'contact', now)).toEqual({
      cancel: true,
    });
  });

  it('sets no inactivity message without a text, and no auto-close at 0 minutes', () => {
    expect(
      inactivityPlan(knobs({ inactiveMessage: ' ', expiresTicket: 0 }), 'contact', now),
    ).toEqual({
      set: [],
    });
  });
});
