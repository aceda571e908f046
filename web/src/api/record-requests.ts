import { buildPath } from '@sb/contracts';

/**
 * The usual requests of a record's mutations, by the path of one record (`…/:id`): the same way for
 * every feature's api.
 */

/** Saves a record's changes: the fields but the id, PUT to the record's path. */
export const putById =
  (path: string) =>
  <B extends { id: number | string }>({ id, ...body }: B) => ({
    url: buildPath(path, { id }),
    method: 'PUT' as const,
    body,
  });

/** Deletes a record by its id (a message's is a string). */
export const deleteById = (path: string) => (id: number | string) => ({
  url: buildPath(path, { id }),
  method: 'DELETE' as const,
});
