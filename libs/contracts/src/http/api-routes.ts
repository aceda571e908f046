/** Gateway paths shared by the gateway controllers and the web app's api (`:name` marks a parameter). */
export const ApiRoutes = {
  auth: {
    login: '/auth/login',
    refresh: '/auth/refresh_token',
    logout: '/auth/logout',
    me: '/auth/me',
  },
  users: {
    byId: '/users/:id',
  },
  version: '/version',
} as const;

type Params<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | Params<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** Fills the `:name` parameters of a path: `buildPath(ApiRoutes.users.byId, { id: 5 })` → `/users/5`. */
export const buildPath = <Path extends string>(
  path: Path,
  params: Record<Params<Path>, string | number>,
): string =>
  path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = (params as Record<string, string | number | undefined>)[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });

/** GET /version answer. */
export type VersionInfo = { version: string };
