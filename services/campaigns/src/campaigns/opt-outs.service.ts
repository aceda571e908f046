import { Injectable } from '@nestjs/common';
import {
  OptOutNumberRequest,
  OptOutPageSize,
  OptOutsQuery,
  type OptOutsPage,
  type OptOutWordsReply,
  Subjects,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { Transactions } from '@sb/platform/db';
import { AppError, parseInput } from '@sb/platform/errors';
import { requireCampaignsAdmin } from '../access.js';
import { ContactListsService } from '../contact-lists/contact-lists.service.js';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { CampaignRepliesRepository } from './campaign-replies.repository.js';
import { BusHandler } from '@sb/platform/nest';

/**
 * The numbers that answered an opt-out word (issue 17): admins see them and may remove one (the
 * contact asked to hear from the company again), after which campaigns message it again.
 */
@Injectable()
export class OptOutsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly replies: CampaignRepliesRepository,
    private readonly identity: IdentityDirectory,
    private readonly lists: ContactListsService,
  ) {}

  /** The company's opt-out words (the tickets service's question: it runs no bot for one). */
  @BusHandler(Subjects.campaigns.optOutWords)
  async words(call: CallContext): Promise<OptOutWordsReply> {
    if (!(call.companyId > 0)) throw new AppError('ERR_SESSION_EXPIRED');
    return { words: (await this.lists.readSettings(call.companyId)).optOutWords };
  }

  @BusHandler(Subjects.campaigns.optOutList)
  async page(call: CallContext, data: unknown): Promise<OptOutsPage> {
    const ctx = await requireCampaignsAdmin(call, this.identity);
    const { searchParam, pageNumber } = parseInput(OptOutsQuery, data ?? {});
    const { rows, hasMore } = await this.replies.optOutPage(
      ctx.companyId,
      searchParam,
      pageNumber,
      OptOutPageSize,
    );
    return {
      records: rows.map((row) => ({
        number: row.number,
        optedOutAt: row.opted_out_at.toISOString(),
        campaignId: row.campaign_id,
        campaignName: row.campaign_name,
      })),
      hasMore,
    };
  }

  @BusHandler(Subjects.campaigns.optOutDelete)
  async remove(call: CallContext, data: unknown): Promise<{ number: string }> {
    const ctx = await requireCampaignsAdmin(call, this.identity);
    const { number } = parseInput(OptOutNumberRequest, data ?? {});
    const removed = await this.transactions.inTenant(ctx.companyId, (manager) =>
      this.replies.removeOptOut(manager, ctx.companyId, number),
    );
    if (!removed) throw new AppError('ERR_NOT_FOUND');
    return { number };
  }
}
