import 'reflect-metadata';
import { SetMetadata } from '@nestjs/common';
import type { BusResponseData } from '@sb/contracts';

export const BUS_HANDLER_METADATA = 'sb:bus-handler';

/** A method whose answer fits the reply of subject `S` (any answer for a subject outside the map). */
type HandlerMethodFor<S extends string> = (
  ...args: never[]
) => BusResponseData<S> | Promise<BusResponseData<S>>;

/**
 * Marks a provider method as the answer to a bus request subject. The method receives
 * `(data, ctx)` and returns the reply data; a throw becomes an error reply. The method's answer is
 * checked against the subject's reply in `BusContracts`; its data stays to be parsed by the method.
 */
export const BusHandler =
  <S extends string>(subject: S) =>
  <M extends HandlerMethodFor<S>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    SetMetadata(BUS_HANDLER_METADATA, subject)(target, key, descriptor);
  };
