import type { MessageAck, SendMessageResult } from '@sb/contracts';

/** A stored idempotency key of a send (table message_send_keys). */
export type SendKeyRow = {
  connection_id: number;
  peer: string;
  claimed_until: Date | null;
  external_id: string | null;
  ack: number | null;
  sent_at: Date | null;
};

/** Where the send goes: a key belongs to one message, so to one connection and one peer. */
export type SendTarget = { connectionId: number; peer: string };

/**
 * What a send finds under a key another attempt already holds:
 * - `sent`: the channel answered it; the stored answer is the answer again;
 * - `in_flight`: an attempt is calling the channel now (its claim still runs): wait for its outcome;
 * - `unknown`: the attempt's claim ran out with no answer recorded: its worker died while calling the
 *   channel, which may or may not have sent the message. It is never sent again (a duplicate costs the
 *   company a second paid message and its contact's patience; a lost one shows in the sender's report);
 * - `other_message`: the key was used for another connection or peer, a sender's bug.
 */
export type SendKeyVerdict =
  | { kind: 'sent'; result: SendMessageResult }
  | { kind: 'in_flight' }
  | { kind: 'unknown' }
  | { kind: 'other_message' };

export function verdictOf(row: SendKeyRow, target: SendTarget, now: Date): SendKeyVerdict {
  if (row.connection_id !== target.connectionId || row.peer !== target.peer) {
    return { kind: 'other_message' };
  }
  if (row.sent_at) {
    return {
      kind: 'sent',
      result: {
        externalId: row.external_id ?? '',
        ack: (row.ack ?? 1) as MessageAck,
        sentAt: row.sent_at.toISOString(),
      },
    };
  }
  if (row.claimed_until && row.claimed_until.getTime() > now.getTime())
    return { kind: 'in_flight' };
  return { kind: 'unknown' };
}

/** The peer as a key stores it (its column is 100 characters). */
export const keyPeerOf = (peer: { number: string }): string => peer.number.slice(0, 100);
