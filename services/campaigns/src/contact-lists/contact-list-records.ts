import type { ContactListItemRecord, ContactListRecord } from '@sb/contracts';
import type { ContactListItemRow, ContactListRow } from './contact-lists.repository.js';

export const toListRecord = (row: ContactListRow): ContactListRecord => ({
  id: row.id,
  name: row.name,
  contactsCount: Number(row.contacts_count),
  companyId: row.company_id,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export const toItemRecord = (row: ContactListItemRow): ContactListItemRecord => ({
  id: row.id,
  name: row.name,
  number: row.number,
  email: row.email,
  isWhatsappValid: row.is_whatsapp_valid,
  contactListId: row.contact_list_id,
  companyId: row.company_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});
