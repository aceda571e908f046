/** A text as opt-out words are compared: trimmed, inner spaces single, no accents, one case. */
export const optOutKey = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * Whether a contact's whole message is one of the company's opt-out words ("sair", " Sáir " and
 * "SAIR" match SAIR; "quero sair" does not: a word inside a sentence is not a request to leave).
 */
export const isOptOutReply = (body: string, words: readonly string[]): boolean => {
  const key = optOutKey(body);
  return key !== '' && words.some((word) => optOutKey(word) === key);
};

/** A number as opt-outs store and compare it: digits only. */
export const optOutNumber = (number: string): string => number.replace(/\D/g, '');
