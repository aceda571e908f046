import 'reflect-metadata';
import { SetMetadata } from '@nestjs/common';
import type { BusRequestData, BusResponseData } from '@sb/contracts';
import type { CallContext } from '../context/request-context.js';

export const BUS_HANDLER_METADATA = 'sb:bus-handler';

/** What `@BusHandler` records on a method: its subject and the access check run on `ctx` first. */
export type BusHandlerMark = { subject: string; caller?: (ctx: CallContext) => unknown };

/**
 * A method that answers `S` when called as `(caller, data)`: its answer fits the subject's reply in
 * `BusContracts` and it takes the subject's request (any data for a subject outside the map).
 */
type HandlerMethodFor<S extends string, C> = (
  caller: C,
  data: BusRequestData<S>,
) => BusResponseData<S> | Promise<BusResponseData<S>>;

/**
 * Marks a provider method as the answer to a bus request subject, most often the service method itself.
 * The method receives `(ctx, data)`, or `(caller(ctx), data)` with a `caller` check, and returns the
 * reply data; a throw becomes an error reply. The data stays to be parsed by the method.
 */
export const BusHandler =
  <S extends string, C = CallContext>(subject: S, caller?: (ctx: CallContext) => C) =>
  <M extends HandlerMethodFor<S, C>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    const mark: BusHandlerMark = { subject, caller };
    SetMetadata(BUS_HANDLER_METADATA, mark)(target, key, descriptor);
  };
