import {
  maskContactNumber,
  type ChannelKind,
  type ContactExtraInfo,
  type ContactRecord,
  type ContactSummary,
  type ContactTagRef,
} from '@sb/contracts';
import type { Contact, ContactExtraInfoRow } from './contact.entity.js';

/** The columns of a contact that its summary shows. */
export type ContactSummarySource = Pick<
  Contact,
  'id' | 'name' | 'number' | 'urlPicture' | 'channel' | 'isGroup' | 'active'
>;

/** The contact as ticket records and message events carry it; `hide` masks the number. */
export const toContactSummary = (contact: ContactSummarySource, hide: boolean): ContactSummary => ({
  id: contact.id,
  name: contact.name,
  number: hide ? maskContactNumber(contact.number, contact.isGroup) : contact.number,
  urlPicture: contact.urlPicture,
  channel: contact.channel as ChannelKind,
  isGroup: contact.isGroup,
  active: contact.active,
});

/** A contact row as the API answers it; `hide` masks the number (lgpdHideNumber for profile user). */
export const toContactRecord = (
  row: Contact,
  extraInfo: ContactExtraInfoRow[],
  tags: ContactTagRef[],
  hide: boolean,
): ContactRecord => ({
  ...toContactSummary(row, hide),
  companyId: row.companyId,
  email: row.email,
  disableBot: row.disableBot,
  acceptAudioMessage: row.acceptAudioMessage,
  lgpdAcceptedAt: row.lgpdAcceptedAt?.toISOString() ?? null,
  extraInfo: extraInfo.map((info): ContactExtraInfo => ({
    id: info.id,
    name: info.name,
    value: info.value,
  })),
  tags,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
