import { randomUUID } from 'node:crypto';
import {
  FallbackLanguage,
  isLanguage,
  Languages,
  type AnonymousContext,
  type Language,
  type RequestContext,
} from '@sb/contracts';
import type { VerifiedToken } from './access-token.service.js';

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's x-request-id when it is a sane token, else a new uuid (never log arbitrary header text). */
export const requestIdFrom = (header: string | string[] | undefined): string => {
  const value = Array.isArray(header) ? header[0] : header;
  return value && requestIdPattern.test(value) ? value : randomUUID();
};

/** The first supported language of an Accept-Language header (`pt-BR,pt;q=0.9,en;q=0.8`). */
export const languageFromHeader = (header: string | undefined): Language | undefined => {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (isLanguage(tag)) return tag;
    const base = tag.toLowerCase().split('-')[0];
    const match = Languages.find((lang) => lang.toLowerCase().split('-')[0] === base);
    if (match) return match;
  }
  return undefined;
};

/** The context every bus request of an authenticated call carries: from the verified token only. */
export const contextFromToken = (
  token: VerifiedToken,
  requestId: string,
  acceptLanguage?: string,
  clientIp?: string,
): RequestContext => ({
  requestId,
  companyId: token.cid,
  userId: token.userId,
  profile: token.profile,
  super: token.super,
  lang: isLanguage(token.lang)
    ? token.lang
    : (languageFromHeader(acceptLanguage) ?? FallbackLanguage),
  ...(clientIp ? { clientIp } : {}),
});

export const anonymousContextFor = (
  requestId: string,
  acceptLanguage?: string,
): AnonymousContext => ({
  requestId,
  companyId: 0,
  userId: 0,
  profile: 'anonymous',
  super: false,
  lang: languageFromHeader(acceptLanguage) ?? FallbackLanguage,
});

/** Company 1 never expires; others expire once their due date has passed. */
export const isCompanyExpired = (companyId: number, due: string, now = Date.now()): boolean => {
  if (companyId === 1) return false;
  const dueAt = Date.parse(due);
  return Number.isNaN(dueAt) ? false : dueAt < now;
};
