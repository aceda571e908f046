import { ApiRoutes } from '@sb/contracts';
import { gatewayRoutes, routeKey } from '../src/gateway-routes.js';

// Issue 29: a gateway path is written in `ApiRoutes` (what the web app calls) and in a controller's
// decorator (what the gateway serves). This reads the served routes from the controllers' metadata,
// without booting anything, and fails when the two lists disagree.

/** Paths served for callers outside our web app, so they have no `ApiRoutes` entry: path → who calls it. */
const outsideCallers: Record<string, string> = {
  '/health': 'readiness probes (load balancer, orchestrator)',
  '/health/live': 'liveness probes',
  '/webhooks/meta': "Meta's subscription check (its POST webhooks are served before Nest)",
};

/** Every path string of the nested `ApiRoutes` object. */
const paths = (node: unknown): string[] =>
  typeof node === 'string' ? [node] : Object.values(node as object).flatMap(paths);

describe('ApiRoutes and the gateway routes', () => {
  const served = gatewayRoutes();
  const servedPaths = new Set(served.map((route) => route.path));
  const listed = new Set(paths(ApiRoutes));

  it('serves every ApiRoutes path', () => {
    expect([...listed].filter((path) => !servedPaths.has(path))).toEqual([]);
  });

  it('lists every served path in ApiRoutes (or as a path for outside callers)', () => {
    const unlisted = served
      .filter((route) => !listed.has(route.path) && !(route.path in outsideCallers))
      .map(routeKey);
    expect(unlisted).toEqual([]);
  });

  it('serves each method and path by one handler only', () => {
    const keys = served.map(routeKey);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('keeps the outside callers list to paths that are served and not in ApiRoutes', () => {
    for (const path of Object.keys(outsideCallers)) {
      expect({ path, served: servedPaths.has(path), listed: listed.has(path) }).toEqual({
        path,
        served: true,
        listed: false,
      });
    }
  });
});
