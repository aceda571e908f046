import { mayReadSetting, mayWriteSetting } from './settings-access.js';

const user = { companyId: 2, userId: 5, profile: 'user' as const, super: false };
const admin = { ...user, profile: 'admin' as const };
const superUser = { ...admin, companyId: 1, super: true };

describe('settings access', () => {
  it('shows userCreation to the super user only', () => {
    expect(mayReadSetting(admin, 'userCreation')).toBe(false);
    expect(mayReadSetting(superUser, 'userCreation')).toBe(true);
    expect(mayWriteSetting(admin, 'userCreation')).toBe(false);
    expect(mayWriteSetting(superUser, 'userCreation')).toBe(true);
  });

  it('lets every user read company options but only admins change them', () => {
    expect(mayReadSetting(user, 'sendSignMessage')).toBe(true);
    expect(mayWriteSetting(user, 'sendSignMessage')).toBe(false);
    expect(mayWriteSetting(admin, 'sendSignMessage')).toBe(true);
  });

  it('keeps billing tokens from plain users', () => {
    expect(mayReadSetting(user, 'asaas')).toBe(false);
    expect(mayReadSetting(admin, 'asaas')).toBe(true);
  });
});
