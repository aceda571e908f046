import { mayUpdateUser } from './user-access.js';

describe('mayUpdateUser', () => {
  const target = { id: 5, companyId: 2 };

  it('lets users update themselves', () => {
    expect(mayUpdateUser({ companyId: 2, userId: 5, profile: 'user' }, target)).toBe(true);
  });

  it('lets an admin of the same company update anyone there', () => {
    expect(mayUpdateUser({ companyId: 2, userId: 1, profile: 'admin' }, target)).toBe(true);
  });

  it('refuses another user of the same company who is not admin', () => {
    expect(mayUpdateUser({ companyId: 2, userId: 6, profile: 'user' }, target)).toBe(false);
    expect(mayUpdateUser({ companyId: 2, userId: 6, profile: 'supervisor' }, target)).toBe(false);
  });

  it('refuses anyone from another company, admins included', () => {
    expect(mayUpdateUser({ companyId: 3, userId: 5, profile: 'admin' }, target)).toBe(false);
  });
});
