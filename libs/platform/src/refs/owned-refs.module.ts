import { Module, type DynamicModule } from '@nestjs/common';
import { REFS_CHECK } from '../nest/tokens.js';
import type { OwnedRefTables } from './owned-refs.repository.js';
import { ownedRefsHandler, type RefsCheckSubject } from './owned-refs.handler.js';

/** The ownership check of a service that answers only for the tables it owns. */
@Module({})
export class OwnedRefsModule {
  static forService(subject: RefsCheckSubject, tables: OwnedRefTables): DynamicModule {
    const handler = ownedRefsHandler(subject, tables);
    return {
      module: OwnedRefsModule,
      providers: [handler, { provide: REFS_CHECK, useExisting: handler }],
    };
  }
}
