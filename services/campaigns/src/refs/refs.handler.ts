import { Injectable } from '@nestjs/common';
import {
  missingRefs,
  RefsCheckRequestSchema,
  Subjects,
  type RefKind,
  type RefsCheckReply,
  type RefsCheckRequest,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { parseInput } from '@sb/platform/errors';
import { BusHandler } from '@sb/platform/nest';
import { ContactListsRepository } from '../contact-lists/contact-lists.repository.js';

const tables: Partial<Record<RefKind, 'contact_lists' | 'contact_list_items' | 'campaigns'>> = {
  contactList: 'contact_lists',
  contactListItem: 'contact_list_items',
  campaign: 'campaigns',
};

/** The gateway's ownership check for the kinds campaigns owns. */
@Injectable()
export class RefsHandler {
  constructor(private readonly lists: ContactListsRepository) {}

  @BusHandler(Subjects.campaigns.refsCheck)
  check(data: unknown, ctx: CallContext): Promise<RefsCheckReply> {
    return this.missing(ctx, parseInput(RefsCheckRequestSchema, data));
  }

  /** Also the service's REFS_CHECK: the refs a request to this service carries are checked here. */
  missing(ctx: CallContext, request: RefsCheckRequest): Promise<RefsCheckReply> {
    return missingRefs(request, async (kind, ids) => {
      const table = tables[kind];
      return table ? this.lists.ownedIds(ctx.companyId, table, ids.map(Number)) : [];
    });
  }
}
