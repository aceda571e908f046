import type { INestApplicationContext } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { Bus, BusSubscription } from '../bus/bus.types.js';
import type { CallContext } from '../context/request-context.js';
import { checkReferences, type LocalRefsCheck } from '../context/reference-check.js';
import { AppError } from '../errors/app-error.js';
import type { Logger } from '../logger/create-logger.js';
import { BUS_HANDLER_METADATA, type BusHandlerMark } from './bus-handler.decorator.js';
import { REFS_CHECK } from './tokens.js';

export type BusHandlerMethod = (data: unknown, ctx: CallContext) => unknown;
/** A `@BusHandler` method: called with the (checked) caller first, then the request's data. */
type MarkedMethod = (caller: unknown, data: unknown) => unknown;

export type DiscoveredBusHandler = {
  subject: string;
  owner: string;
  method: string;
  call: BusHandlerMethod;
};

/** Every `@BusHandler` method of the application's providers, bound to its instance. */
export function discoverBusHandlers(app: INestApplicationContext): DiscoveredBusHandler[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const found: DiscoveredBusHandler[] = [];
  // an instance also provided under another token (`useExisting`, e.g. REFS_CHECK) is listed twice
  const instances = new Set<object>();
  for (const wrapper of [...discovery.getProviders(), ...discovery.getControllers()]) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
    if (instances.has(instance)) continue;
    instances.add(instance);
    const prototype = Object.getPrototypeOf(instance) as object;
    for (const method of scanner.getAllMethodNames(prototype)) {
      const fn = instance[method];
      if (typeof fn !== 'function') continue;
      const mark = Reflect.getMetadata(BUS_HANDLER_METADATA, fn) as BusHandlerMark | undefined;
      if (!mark) continue;
      const { subject, caller } = mark;
      found.push({
        subject,
        owner: instance.constructor.name,
        method,
        call: (data, ctx) => (fn as MarkedMethod).call(instance, caller ? caller(ctx) : ctx, data),
      });
    }
  }
  return found;
}

/** The service's `REFS_CHECK` provider, if it registered one. */
const localRefsCheck = (app: INestApplicationContext): LocalRefsCheck | undefined => {
  try {
    return app.get<LocalRefsCheck>(REFS_CHECK, { strict: false });
  } catch {
    return undefined;
  }
};

/**
 * Refuses a request whose envelope carries ids that are not the caller's company's (the same 404 the
 * gateway answers); refs reaching a service without a `REFS_CHECK` are refused, never ignored.
 */
export async function checkEnvelopeRefs(
  check: LocalRefsCheck | undefined,
  payload: { ctx: CallContext; refs?: unknown },
): Promise<void> {
  const refs = Array.isArray(payload.refs) ? payload.refs : [];
  if (refs.length === 0) return;
  if (!check) {
    throw new AppError('ERR_INTERNAL', {
      message: 'This service cannot check the references of the request.',
    });
  }
  await checkReferences(payload.ctx, refs, (_owner, ctx, request) => check.missing(ctx, request));
}

/**
 * Registers every `@BusHandler` on the bus in the service's queue group. The bus runs each call in
 * the caller's context and turns throws into error replies (unknown ones: ERR_INTERNAL + errorId).
 * The refs the request carries are checked first (`REFS_CHECK`), so no handler can skip them.
 */
export async function registerBusHandlers(
  app: INestApplicationContext,
  options: { bus: Bus; queue: string; logger: Logger },
): Promise<BusSubscription[]> {
  const { bus, queue, logger } = options;
  const handlers = discoverBusHandlers(app);
  const refsCheck = localRefsCheck(app);
  const seen = new Map<string, string>();
  for (const handler of handlers) {
    const where = `${handler.owner}.${handler.method}`;
    const previous = seen.get(handler.subject);
    if (previous) throw new Error(`${handler.subject} is handled twice: ${previous} and ${where}`);
    seen.set(handler.subject, where);
  }
  return Promise.all(
    handlers.map((handler) =>
      bus.handle(
        handler.subject,
        async (payload) => {
          logger.debug({ subject: handler.subject }, 'bus request');
          await checkEnvelopeRefs(refsCheck, payload);
          return handler.call(payload.data, payload.ctx);
        },
        { queue },
      ),
    ),
  );
}
