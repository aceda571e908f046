import { Permissions, hasPermission, isPermission, permissionsOf } from './permissions.js';
import { Profiles, isUserProfile } from './profiles.js';

describe('permissions', () => {
  it('lists the 11 admin permissions of spec 1 §6 once each', () => {
    expect(Permissions).toHaveLength(11);
    expect(new Set(Permissions).size).toBe(11);
    expect(Permissions).toContain('tickets-manager:closeAll');
    expect(Permissions).toContain('connections-page:editOrDeleteConnection');
  });

  it('gives the admin every permission', () => {
    expect([...permissionsOf('admin')].sort()).toEqual([...Permissions].sort());
    for (const permission of Permissions) {
      expect(hasPermission({ profile: 'admin' }, permission)).toBe(true);
    }
  });

  it.each(['user', 'supervisor', 'anonymous'] as const)(
    'gives %s no static permission',
    (profile) => {
      expect(permissionsOf(profile)).toEqual([]);
      for (const permission of Permissions) {
        expect(hasPermission({ profile }, permission)).toBe(false);
      }
    },
  );

  it('hands out lists callers cannot change', () => {
    expect(Object.isFrozen(permissionsOf('admin'))).toBe(true);
    expect(Object.isFrozen(permissionsOf('user'))).toBe(true);
  });

  it('recognises profiles and permissions', () => {
    expect(Profiles).toEqual(['admin', 'user', 'supervisor']);
    expect(isUserProfile('admin')).toBe(true);
    expect(isUserProfile('anonymous')).toBe(false);
    expect(isPermission('dashboard:view')).toBe(true);
    expect(isPermission('dashboard:edit')).toBe(false);
  });
});
