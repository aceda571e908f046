import type { RequestContext } from '@sb/contracts';
import { isAdmin, requireAdmin, requireMember } from './access.js';
import type { CallContext } from './request-context.js';

const caller = (over: Partial<RequestContext> = {}): RequestContext => ({
  requestId: 'r',
  companyId: 2,
  userId: 10,
  profile: 'user',
  super: false,
  lang: 'en',
  ...over,
});
const anonymous: CallContext = {
  requestId: 'r',
  companyId: 0,
  userId: 0,
  profile: 'anonymous',
  super: false,
  lang: 'en',
};

describe('the access checks of a service', () => {
  it('lets a signed-in user of a company through and refuses anyone else as expired', () => {
    expect(requireMember(caller())).toEqual(caller());
    for (const ctx of [anonymous, caller({ userId: 0 }), caller({ companyId: 0 })])
      expect(() => requireMember(ctx)).toThrow(
        expect.objectContaining({ code: 'ERR_SESSION_EXPIRED' }),
      );
  });

  it('keeps admin work to admins and super users', () => {
    expect(requireAdmin(caller({ profile: 'admin' })).userId).toBe(10);
    expect(requireAdmin(caller({ super: true })).userId).toBe(10);
    expect(() => requireAdmin(caller())).toThrow(
      expect.objectContaining({ code: 'ERR_NO_PERMISSION' }),
    );
    expect(() => requireAdmin(anonymous)).toThrow(
      expect.objectContaining({ code: 'ERR_SESSION_EXPIRED' }),
    );
    expect([isAdmin(caller()), isAdmin(caller({ profile: 'admin' }))]).toEqual([false, true]);
  });
});
