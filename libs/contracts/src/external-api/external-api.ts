import { z } from 'zod';
import { ref } from '../refs/refs.js';
import type { ChannelKind, StoredMedia } from '../channels/channels.js';
import type { ConnectionStatus } from '../connections/connection-records.js';
import type { TicketStatus } from '../tickets/ticket-statuses.js';
import { recordId } from '../http/record-ids.js';

/**
 * The external messages API (spec 3 §2.18, §7; BEHAVIOUR.md §9): `POST /api/messages/send` with
 * `Authorization: Bearer <connection token>`, a JSON body or multipart with `medias` files.
 */

/** Phone numbers are sent without mask: country code, area code, number (spec 3 §5). */
export const ExternalNumberMinDigits = 8;
export const ExternalNumberMaxDigits = 20;
/** At most this many files in one multipart call. */
export const ExternalMaxMedias = 10;

/** Multipart fields arrive as text: `'true'`/`'false'` (and 1/0) are booleans too. */
const flag = z.preprocess((value) => {
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0 || value === '') return false;
  return value;
}, z.boolean());

/** An optional id: absent, null and '' (an empty multipart field) all mean "not given". */
const optionalId = z.preprocess(
  (value) => (value === '' || value === null || value === 'null' ? undefined : value),
  recordId.optional(),
);

/** The digits of a number ("+55 (11) 98888-0001" is 5511988880001), 8 to 20 of them. */
const number = z
  .union([z.string(), z.number()], 'Required')
  .transform((value) => String(value).replace(/\D/g, ''))
  .refine(
    (digits) => digits.length >= ExternalNumberMinDigits,
    `At least ${ExternalNumberMinDigits} digits`,
  )
  .refine(
    (digits) => digits.length <= ExternalNumberMaxDigits,
    `At most ${ExternalNumberMaxDigits} digits`,
  );

/** The body of `POST /api/messages/send` (JSON, or the text fields of a multipart call). */
export const ExternalSendInput = z.object({
  number,
  body: z.string().max(65_536).default(''),
  userId: ref('user', optionalId),
  queueId: ref('queue', optionalId),
  /** prefixes the text with `*Name:*` (the user's name, else the connection's) */
  sendSignature: flag.default(false),
  /** closes the ticket after sending, with no farewell message */
  closeTicket: flag.default(false),
});
export type ExternalSendInput = z.infer<typeof ExternalSendInput>;

/** Request `connectors.connection.by-token`: which connection a bearer token names. */
export type ConnectionByTokenRequest = { token: string };
/** Reply of `connectors.connection.by-token`; an unknown token is ERR_INVALID_API_TOKEN. */
export type ConnectionByTokenReply = {
  connectionId: number;
  companyId: number;
  channel: ChannelKind;
  status: ConnectionStatus;
};

/**
 * Request `tickets.external-api.send` (gateway → tickets), with the ctx of the token's company: the
 * connection the token named and the files the gateway already stored.
 */
export type ExternalSendRequest = ExternalSendInput & {
  connectionId: number;
  channel: ChannelKind;
  medias?: StoredMedia[];
};

/**
 * The answer (spec 3 §7 does not show it; BEHAVIOUR.md §9 answers `{ status: "SUCCESS" }`): that status,
 * plus the ticket and contact used, the ids of the stored messages (one per file, or one text) and the
 * ticket's status afterwards (`closed` when closeTicket was asked).
 */
export type ExternalSendReply = {
  status: 'SUCCESS';
  ticketId: number;
  contactId: number;
  messageIds: string[];
  ticketStatus: TicketStatus;
};
