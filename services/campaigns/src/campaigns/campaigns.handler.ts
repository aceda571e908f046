import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type CampaignDeleteReply,
  type CampaignMediaReply,
  type CampaignRecord,
  type CampaignReport,
  type CampaignsPage,
  type MessageTemplate,
  type CampaignTestSendReply,
  type OptOutsPage,
  type OptOutWordsReply,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { CampaignsService } from './campaigns.service.js';
import { OptOutsService } from './opt-outs.service.js';

const S = Subjects.campaigns;

@Injectable()
export class CampaignsHandler {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly optOuts: OptOutsService,
  ) {}

  @BusHandler(S.campaignList)
  page(data: unknown, ctx: CallContext): Promise<CampaignsPage> {
    return this.campaigns.page(ctx, data);
  }

  @BusHandler(S.campaignGet)
  get(data: unknown, ctx: CallContext): Promise<CampaignRecord> {
    return this.campaigns.get(ctx, data);
  }

  @BusHandler(S.campaignCreate)
  create(data: unknown, ctx: CallContext): Promise<CampaignRecord> {
    return this.campaigns.create(ctx, data);
  }

  @BusHandler(S.campaignUpdate)
  update(data: unknown, ctx: CallContext): Promise<CampaignRecord> {
    return this.campaigns.update(ctx, data);
  }

  @BusHandler(S.campaignDelete)
  remove(data: unknown, ctx: CallContext): Promise<CampaignDeleteReply> {
    return this.campaigns.remove(ctx, data);
  }

  @BusHandler(S.campaignCancel)
  cancel(data: unknown, ctx: CallContext): Promise<CampaignRecord> {
    return this.campaigns.cancel(ctx, data);
  }

  @BusHandler(S.campaignRestart)
  restart(data: unknown, ctx: CallContext): Promise<CampaignRecord> {
    return this.campaigns.restart(ctx, data);
  }

  @BusHandler(S.campaignStart)
  start(data: unknown, ctx: CallContext): Promise<CampaignRecord> {
    return this.campaigns.start(ctx, data);
  }

  @BusHandler(S.campaignMediaSet)
  setMedia(data: unknown, ctx: CallContext): Promise<CampaignMediaReply> {
    return this.campaigns.setMedia(ctx, data);
  }

  @BusHandler(S.campaignMediaDelete)
  deleteMedia(data: unknown, ctx: CallContext): Promise<CampaignMediaReply> {
    return this.campaigns.deleteMedia(ctx, data);
  }

  @BusHandler(S.campaignTemplateList)
  templates(data: unknown, ctx: CallContext): Promise<MessageTemplate[]> {
    return this.campaigns.templates(ctx, data);
  }

  @BusHandler(S.campaignTestSend)
  testSend(data: unknown, ctx: CallContext): Promise<CampaignTestSendReply> {
    return this.campaigns.testSend(ctx, data);
  }

  @BusHandler(S.optOutList)
  optOutPage(data: unknown, ctx: CallContext): Promise<OptOutsPage> {
    return this.optOuts.page(ctx, data);
  }

  @BusHandler(S.optOutDelete)
  removeOptOut(data: unknown, ctx: CallContext): Promise<{ number: string }> {
    return this.optOuts.remove(ctx, data);
  }

  @BusHandler(S.optOutWords)
  optOutWords(_data: unknown, ctx: CallContext): Promise<OptOutWordsReply> {
    return this.optOuts.words(ctx);
  }

  @BusHandler(S.campaignReport)
  report(data: unknown, ctx: CallContext): Promise<CampaignReport> {
    return this.campaigns.report(ctx, data);
  }
}
