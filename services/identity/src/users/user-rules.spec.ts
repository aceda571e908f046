import { forbiddenUserChanges, isOnline, mayChangePicture, mayManageUsers } from './user-rules.js';

const admin = { companyId: 1, userId: 1, profile: 'admin' as const };
const user = { companyId: 1, userId: 2, profile: 'user' as const };
const superUser = { ...admin, super: true };
const self = { id: 2, companyId: 1, super: false };
const other = { id: 3, companyId: 1, super: false };
const current = { name: 'Ana', profile: 'user', queueIds: [1], startWork: '00:00' };

describe('user rules', () => {
  it('lets a user change only their own name, password, theme, menu, language and farewell', () => {
    expect(
      forbiddenUserChanges(
        user,
        self,
        { name: 'Bia', password: 'x', defaultTheme: 'dark' },
        current,
      ),
    ).toEqual([]);
    expect(forbiddenUserChanges(user, self, { profile: 'admin', queueIds: [2] }, current)).toEqual([
      'profile',
      'queueIds',
    ]);
  });

  it('ignores admin fields a user re-sends unchanged', () => {
    expect(forbiddenUserChanges(user, self, { profile: 'user', queueIds: [1] }, current)).toEqual(
      [],
    );
  });

  it("refuses a user editing someone else's account", () => {
    expect(forbiddenUserChanges(user, other, { name: 'Bia' }, current)).toEqual(['name']);
    expect(forbiddenUserChanges(user, other, {}, current)).toEqual(['id']);
  });

  it('lets admins change every field, but only super users touch a super account', () => {
    expect(
      forbiddenUserChanges(admin, other, { profile: 'admin', queueIds: [4] }, current),
    ).toEqual([]);
    const superTarget = { id: 9, companyId: 1, super: true };
    expect(forbiddenUserChanges(admin, superTarget, { name: 'X' }, current)).toEqual(['name']);
    expect(forbiddenUserChanges(superUser, superTarget, { name: 'X' }, current)).toEqual([]);
    expect(mayChangePicture(admin, superTarget)).toBe(false);
  });

  it('gives user management to admins only', () => {
    expect(mayManageUsers(admin)).toBe(true);
    expect(mayManageUsers(user)).toBe(false);
    expect(mayChangePicture(user, self)).toBe(true);
    expect(mayChangePicture(user, other)).toBe(false);
  });

  it('counts a user online only when seen within 6 minutes', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(isOnline({ online: true, lastSeenAt: new Date(now - 5 * 60_000) }, now)).toBe(true);
    expect(isOnline({ online: true, lastSeenAt: new Date(now - 7 * 60_000) }, now)).toBe(false);
    expect(isOnline({ online: false, lastSeenAt: new Date(now) }, now)).toBe(false);
  });
});
