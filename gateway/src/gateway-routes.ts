import 'reflect-metadata';
import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { GatewayModule, type GatewayModuleDeps } from './gateway.module.js';

/** One HTTP route of the gateway, read from its controllers' decorators. */
export type GatewayRoute = {
  method: keyof typeof RequestMethod;
  /** `/a/:id/b`, as Nest serves it (no trailing slash). */
  path: string;
  controller: Type;
  handler: () => unknown;
};

const segments = (path: unknown) =>
  [path ?? ''].flat().join('/').split('/').filter(Boolean).join('/');

/**
 * The gateway's routes in the order Nest registers them, from the Nest metadata of the module's
 * controllers: nothing is booted, so tests can check the route table without a database or a bus.
 */
export const gatewayRoutes = (): GatewayRoute[] => {
  const controllers = GatewayModule.forRoot({ media: {} } as GatewayModuleDeps).controllers ?? [];
  const routes: GatewayRoute[] = [];
  for (const controller of controllers) {
    const base = segments(Reflect.getMetadata(PATH_METADATA, controller));
    const proto = controller.prototype as Record<string, () => unknown>;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const handler = proto[name];
      if (typeof handler !== 'function' || name === 'constructor') continue;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as unknown;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (path === undefined || method === undefined) continue;
      const full = `/${[base, segments(path)].filter(Boolean).join('/')}`;
      const verb = RequestMethod[method] as keyof typeof RequestMethod;
      routes.push({ method: verb, path: full, controller, handler });
    }
  }
  return routes;
};

/** `<METHOD> /<path>` of a route, e.g. `GET /tickets/:id`. */
export const routeKey = (route: GatewayRoute): string => `${route.method} ${route.path}`;
