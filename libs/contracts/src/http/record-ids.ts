import { z } from 'zod';
import { unowned } from '../refs/refs.js';

/**
 * The id of a record (a serial primary key): a positive integer, or its text as a path, a query or a
 * form sends it. Every input that names a record by number uses this one schema.
 */
export const recordId = z.coerce.number().int().positive();

/** The `{ id }` of a path such as `/tickets/:id`. */
export const IdParam = z.object({
  id: unowned(
    "the record the path names; its service looks it up in the caller's company",
    recordId,
  ),
});
