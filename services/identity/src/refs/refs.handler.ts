import { Injectable } from '@nestjs/common';
import { missingRefs, RefsCheckRequestSchema, Subjects, type RefsCheckReply } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { parseInput } from '@sb/platform/errors';
import { BusHandler } from '@sb/platform/nest';
import { OwnedRefsRepository } from './owned-refs.repository.js';

/** The gateway's ownership check: which ids of a request are not records of the caller's company. */
@Injectable()
export class RefsHandler {
  constructor(private readonly refs: OwnedRefsRepository) {}

  @BusHandler(Subjects.identity.refsCheck)
  check(data: unknown, ctx: CallContext): Promise<RefsCheckReply> {
    const request = parseInput(RefsCheckRequestSchema, data);
    return missingRefs(
      request,
      async (kind, ids) => (await this.refs.ownedIds(ctx.companyId, kind, ids)) ?? [],
    );
  }
}
