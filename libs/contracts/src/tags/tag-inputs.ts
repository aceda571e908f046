import { z } from 'zod';
import { ref } from '../refs/refs.js';
import { recordId } from '../http/record-ids.js';
import { listQuery } from '../http/list-query.js';

/** Tag dialog (spec 3 §5): name required, at least 3 characters; colour a hex without alpha. */
export const TagInput = z.object({
  name: z
    .string({ error: 'Obrigatório' })
    .trim()
    .min(1, 'Obrigatório')
    .min(3, 'Mensagem muito curta')
    .max(100, 'Too Long!'),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Invalid colour')
    .default('#A4CCCC'),
  kanban: z.coerce.number().int().min(0).max(1).default(0),
});
export type TagInput = z.infer<typeof TagInput>;
export type TagForm = z.input<typeof TagInput>;

export const TagUpdateInput = TagInput.partial();
export type TagUpdateInput = z.infer<typeof TagUpdateInput>;

const KanbanFlag = z
  .union([z.literal('').transform(() => undefined), z.coerce.number().int().min(0).max(1)])
  .optional();

/** GET /tags query (spec 3 §7): searchParam, pageNumber or offset, kanban. */
export const TagListQuery = listQuery(
  {
    offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
    kanban: KanbanFlag,
  },
  { searchMax: 100, pageMax: 100_000 },
);
export type TagListQuery = z.infer<typeof TagListQuery>;
export type TagListParams = z.input<typeof TagListQuery>;

/** GET /tags/list query. */
export const TagPickerQuery = z.object({ kanban: KanbanFlag });

/** POST /tags/sync: the contact's whole tag set (tag objects or ids). */
export const TagSyncInput = z.object({
  contactId: ref('contact', recordId),
  tags: z
    .array(ref('tag', z.union([recordId, z.object({ id: recordId }).transform((tag) => tag.id)])))
    .max(200),
});
export type TagSyncInput = z.infer<typeof TagSyncInput>;

export const TagsPageSize = 20;
