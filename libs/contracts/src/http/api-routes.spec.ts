import { ApiRoutes, buildPath } from './api-routes.js';

describe('api routes', () => {
  it('has the gateway paths of sessions, users, version and health', () => {
    expect(ApiRoutes.auth).toEqual({
      login: '/auth/login',
      refresh: '/auth/refresh_token',
      logout: '/auth/logout',
      me: '/auth/me',
      signup: '/auth/signup',
    });
    expect(ApiRoutes.users.byId).toBe('/users/:id');
    expect(ApiRoutes.version).toBe('/version');
  });

  it('has the signup and password reset paths of spec 1 §7 and spec 3 §7', () => {
    expect(ApiRoutes.passwordReset).toEqual({
      request: '/api/enviar-email',
      verify: '/api/verificar-code/:requestId',
      update: '/api/atualizar-senha',
    });
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
