import { verdictOf, type SendKeyRow } from './send-key-rules.js';

const now = new Date('2026-03-01T12:00:00Z');
const target = { connectionId: 4, peer: '5511999990001' };
const row = (fields: Partial<SendKeyRow> = {}): SendKeyRow => ({
  connection_id: 4,
  peer: '5511999990001',
  claimed_until: new Date(now.getTime() + 1_000),
  external_id: null,
  ack: null,
  sent_at: null,
  ...fields,
});

describe('verdictOf (a send finding its key taken)', () => {
  it('answers the stored result of a key the channel already answered', () => {
    const sentAt = new Date('2026-03-01T11:59:00Z');
    expect(
      verdictOf(
        row({ sent_at: sentAt, external_id: 'wamid.A', ack: 1, claimed_until: null }),
        target,
        now,
      ),
    ).toEqual({
      kind: 'sent',
      result: { externalId: 'wamid.A', ack: 1, sentAt: sentAt.toISOString() },
    });
  });

  it('waits for an attempt whose claim still runs', () => {
    expect(verdictOf(row(), target, now)).toEqual({ kind: 'in_flight' });
  });

  it('calls a claim that ran out without an answer unknown, never sent again', () => {
    expect(verdictOf(row({ claimed_until: now }), target, now)).toEqual({ kind: 'unknown' });
    expect(verdictOf(row({ claimed_until: null }), target, now)).toEqual({ kind: 'unknown' });
  });

  it('refuses a key used for another connection or peer, even once sent', () => {
    expect(verdictOf(row({ connection_id: 5 }), target, now)).toEqual({ kind: 'other_message' });
    expect(verdictOf(row({ peer: '5511999990002', sent_at: now }), target, now)).toEqual({
      kind: 'other_message',
    });
  });
});
