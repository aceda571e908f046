import { z } from 'zod';

/**
 * The bounds a paged list's query has always had: most search texts stop at 200 characters (contacts,
 * users and tags at 100), and the campaigns service's, users', contacts' and tags' pages at 100,000.
 */
export type ListQueryBounds = { searchMax?: number; pageMax?: number };

/** `?pageNumber=`: from 1, 1 when not given. */
export const pageNumberField = (max?: number) => {
  const page = z.coerce.number().int().min(1);
  return (max === undefined ? page : page.max(max)).default(1);
};

/**
 * The query of a paged list, `?searchParam=…&pageNumber=…` then its own filters: one spelling for every
 * list, so they search and page alike.
 */
export const listQuery = <F extends z.ZodRawShape>(filters: F, bounds: ListQueryBounds = {}) =>
  z.object({
    searchParam: z
      .string()
      .trim()
      .max(bounds.searchMax ?? 200)
      .default(''),
    pageNumber: pageNumberField(bounds.pageMax),
    ...filters,
  });
