import type { RequestContext } from '@sb/contracts';
import { isAdmin, requireAdmin, requireCompanyCall, requireMember } from './access.js';
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

  it("lets a company's own service call (userId 0) through as a company call, not as a member", () => {
    const service = caller({ userId: 0, profile: 'admin' });
    expect(requireCompanyCall(service)).toEqual(service);
    expect(requireCompanyCall(caller())).toEqual(caller());
    for (const ctx of [anonymous, caller({ userId: -1 })])
      expect(() => requireCompanyCall(ctx)).toThrow(
        expect.objectContaining({ code: 'ERR_SESSION_EXPIRED' }),
      );
    expect(() => requireMember(service)).toThrow(
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
