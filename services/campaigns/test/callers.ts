import type { RequestContext } from '@sb/contracts';

// The callers campaigns' int-specs act as: company 1's admin and agent, and company 2's admin (to
// show one company never sees the other's rows).
export const admin: Partial<RequestContext> = { companyId: 1, userId: 10, profile: 'admin' };
export const agent: Partial<RequestContext> = { companyId: 1, userId: 11, profile: 'user' };
export const otherAdmin: Partial<RequestContext> = { companyId: 2, userId: 20, profile: 'admin' };
