import { z } from 'zod';
import { pageNumberField } from '../http/list-query.js';

/** Opt-outs per page of GET /campaign-opt-outs. */
export const OptOutPageSize = 50;

/** GET /campaign-opt-outs query: numbers containing the search's digits, newest first. */
export const OptOutsQuery = z.object({
  searchParam: z
    .string()
    .trim()
    .max(50)
    .default('')
    .transform((search) => search.replace(/\D/g, '')),
  pageNumber: pageNumberField(100_000),
});
export type OptOutsQuery = z.infer<typeof OptOutsQuery>;

/** DELETE /campaign-opt-outs/:number: campaigns may message the number again. */
export const OptOutNumberRequest = z.object({
  number: z
    .string()
    .trim()
    .max(50)
    .transform((number) => number.replace(/\D/g, ''))
    .pipe(z.string().min(1)),
});
export type OptOutNumberRequest = z.infer<typeof OptOutNumberRequest>;

/** A number that answered an opt-out word, with the campaign it answered (when known). */
export type OptOutRecord = {
  number: string;
  optedOutAt: string;
  campaignId: number | null;
  campaignName: string | null;
};

export type OptOutsPage = { records: OptOutRecord[]; hasMore: boolean };

/** A text as opt-out words are compared: trimmed, inner spaces single, no accents, one case. */
export const optOutKey = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * Whether a contact's whole message is one of the company's opt-out words ("sair", " Sáir " and
 * "SAIR" match SAIR; "quero sair" does not: a word inside a sentence is not a request to leave).
 * The campaigns service opts the number out; the tickets service runs no bot for it.
 */
export const isOptOutReply = (body: string, words: readonly string[]): boolean => {
  const key = optOutKey(body);
  return key !== '' && words.some((word) => optOutKey(word) === key);
};

/** `campaigns.opt-out.words` (the tickets service's question): the company's opt-out words now. */
export type OptOutWordsReply = { words: string[] };
