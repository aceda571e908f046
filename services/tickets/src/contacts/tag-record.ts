import type { TagRecord } from '@sb/contracts';
import type { Tag } from './tag.entity.js';
import type { TagCounts } from './tags.repository.js';

/** The wire record of a tag row, with its contact and ticket counts when known. */
export const toTagRecord = (row: Tag, counts?: TagCounts): TagRecord => ({
  id: row.id,
  companyId: row.companyId,
  name: row.name,
  color: row.color,
  kanban: row.kanban,
  userId: row.userId,
  contactsCount: counts?.contactsCount ?? 0,
  ticketsCount: counts?.ticketsCount ?? 0,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
