import { Injectable } from '@nestjs/common';
import {
  missingRefs,
  RefsCheckRequestSchema,
  Subjects,
  type RefsCheckReply,
  type RefsCheckRequest,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { parseInput } from '@sb/platform/errors';
import { BusHandler } from '@sb/platform/nest';
import { OwnedRefsRepository } from './owned-refs.repository.js';

/** The ownership check (the gateway's, and of the refs requests carry): which ids of a request are not records of the caller's company. */
@Injectable()
export class RefsHandler {
  constructor(private readonly refs: OwnedRefsRepository) {}

  @BusHandler(Subjects.connectors.refsCheck)
  check(data: unknown, ctx: CallContext): Promise<RefsCheckReply> {
    return this.missing(ctx, parseInput(RefsCheckRequestSchema, data));
  }

  /** Also the service's REFS_CHECK: the refs a request to this service carries are checked here. */
  missing(ctx: CallContext, request: RefsCheckRequest): Promise<RefsCheckReply> {
    return missingRefs(
      request,
      async (kind, ids) => (await this.refs.ownedIds(ctx.companyId, kind, ids)) ?? [],
    );
  }
}
