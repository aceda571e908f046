import { ApiRoutes, buildPath } from './api-routes.js';

describe('api routes', () => {
  it('has the gateway paths of issue 2', () => {
    expect(ApiRoutes.auth).toEqual({
      login: '/auth/login',
      refresh: '/auth/refresh_token',
      logout: '/auth/logout',
      me: '/auth/me',
    });
    expect(ApiRoutes.users.byId).toBe('/users/:id');
    expect(ApiRoutes.version).toBe('/version');
  });

  it('fills path parameters, encoded', () => {
    expect(buildPath(ApiRoutes.users.byId, { id: 5 })).toBe('/users/5');
    expect(buildPath('/a/:x/b/:y', { x: 'a b', y: 2 })).toBe('/a/a%20b/b/2');
    expect(buildPath(ApiRoutes.auth.me, {})).toBe('/auth/me');
  });

  it('refuses a missing parameter', () => {
    expect(() => buildPath('/users/:id', {} as { id: number })).toThrow('id');
  });
});
