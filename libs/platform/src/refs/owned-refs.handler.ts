import { Inject, Injectable } from '@nestjs/common';
import {
  missingRefs,
  RefsCheckRequestSchema,
  type RefOwner,
  type RefsCheckReply,
  type RefsCheckRequest,
  type Subjects,
} from '@sb/contracts';
import { DataSource } from 'typeorm';
import type { CallContext } from '../context/request-context.js';
import type { LocalRefsCheck } from '../context/reference-check.js';
import { parseInput } from '../errors/parse-input.js';
import { BusHandler } from '../nest/bus-handler.decorator.js';
import { OwnedRefsRepository, type OwnedRefTables } from './owned-refs.repository.js';

/** `<owner>.refs.check`: the subject on which a service answers for the kinds it owns. */
export type RefsCheckSubject = (typeof Subjects)[RefOwner]['refsCheck'];

/**
 * The ownership check of a service that owns `tables`: which ids of a request are not records of the
 * caller's company. It answers the gateway's `<owner>.refs.check` and, registered under REFS_CHECK,
 * the refs a request to the service carries. Provide the class it returns (it injects the DataSource).
 */
export function ownedRefsHandler(subject: RefsCheckSubject, tables: OwnedRefTables) {
  @Injectable()
  class OwnedRefsHandler implements LocalRefsCheck {
    // a property, not a constructor parameter, so a subclass injects what it needs in its own
    @Inject(DataSource) private readonly dataSource!: DataSource;
    private repository?: OwnedRefsRepository;

    private get refs(): OwnedRefsRepository {
      return (this.repository ??= new OwnedRefsRepository(this.dataSource, tables));
    }

    @BusHandler(subject)
    check(ctx: CallContext, data: unknown): Promise<RefsCheckReply> {
      return this.missingOwned(ctx, parseInput(RefsCheckRequestSchema, data));
    }

    /** The service's REFS_CHECK; a service that can also answer other kinds overrides it. */
    missing(ctx: CallContext, request: RefsCheckRequest): Promise<RefsCheckReply> {
      return this.missingOwned(ctx, request);
    }

    /** The ids of the owned kinds that are not the company's (every id of another kind). */
    protected missingOwned(ctx: CallContext, request: RefsCheckRequest): Promise<RefsCheckReply> {
      return missingRefs(
        request,
        async (kind, ids) => (await this.refs.ownedIds(ctx.companyId, kind, ids)) ?? [],
      );
    }
  }
  return OwnedRefsHandler;
}
