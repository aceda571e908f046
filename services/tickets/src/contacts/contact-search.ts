/** Lower-case text without accents: what `contacts.search_name` stores and the search compares. */
export const searchText = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards escaped. */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
