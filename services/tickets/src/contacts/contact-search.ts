/** Lower-case text without accents: what `contacts.search_name` stores and the search compares. */
export const searchText = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
