import 'reflect-metadata';
import { SetMetadata } from '@nestjs/common';

export const BUS_HANDLER_METADATA = 'sb:bus-handler';

/**
 * Marks a provider method as the answer to a bus request subject. The method receives
 * `(data, ctx)` and returns the reply data; a throw becomes an error reply.
 */
export const BusHandler = (subject: string): MethodDecorator =>
  SetMetadata(BUS_HANDLER_METADATA, subject);
