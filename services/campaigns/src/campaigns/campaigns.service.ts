import { Injectable } from '@nestjs/common';
import {
  canStartNow,
  CampaignInput,
  CampaignPageSize,
  CampaignReportQuery,
  CampaignsQuery,
  CampaignTemplatesQuery,
  CampaignTestSendInput,
  type CampaignTestSendReply,
  DomainEventTypes,
  type CampaignDeletedEventData,
  type CampaignDeleteReply,
  type CampaignMediaReply,
  type CampaignRecord,
  type CampaignReport,
  type CampaignsPage,
  type ConnectionRecord,
  type MessageTemplate,
  type RequestContext,
  recordId,
  Subjects,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { Transactions } from '@sb/platform/db';
import { AppError, parseInput } from '@sb/platform/errors';
import { Outbox } from '@sb/platform/outbox';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { requireCampaignsAdmin } from '../access.js';
import { ConnectorsDirectory } from '../directories/connectors-directory.js';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { TicketsDirectory } from '../directories/tickets-directory.js';
import { canCancel, canEdit, statusAfterSave } from './campaign-rules.js';
import { toCampaignRecord, toShippingRecord } from './campaign-records.js';
import { CampaignDispatcher } from './campaign-dispatcher.js';
import { announceCampaign } from './campaign-events.js';
import { checkedTemplate, cloudConnectionIds } from './campaign-templates.js';
import {
  CampaignsRepository,
  type CampaignRow,
  type CampaignWrite,
} from './campaigns.repository.js';
import { BusHandler } from '@sb/platform/nest';

/** Who a campaign goes to, as checked when it is saved or started. */
type Audience = {
  contactListId: number | null;
  tagListId: number | null;
  tagName: string | null;
  recipients: number;
};

const positiveId = recordId.max(2_147_483_647);
const IdRequest = z.object({ id: positiveId });
const MediaRequest = z.object({
  id: positiveId,
  mediaPath: z.string().min(1).max(500),
  mediaName: z.string().min(1).max(255),
  mimeType: z.string().min(1).max(200),
  size: z.number().int().nonnegative(),
});

/**
 * Campaigns (spec 3 §2.2, §2.4, §4, §7 "Campaigns"): admins of plans with useCampaigns. Saving checks
 * the editing rule, the connections and the list; cancel pauses, restart resumes where it stopped.
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly campaigns: CampaignsRepository,
    private readonly identity: IdentityDirectory,
    private readonly connectors: ConnectorsDirectory,
    private readonly tickets: TicketsDirectory,
    private readonly dispatcher: CampaignDispatcher,
  ) {}

  private allowed(call: CallContext): Promise<RequestContext> {
    return requireCampaignsAdmin(call, this.identity);
  }

  @BusHandler(Subjects.campaigns.campaignList)
  async page(call: CallContext, query: unknown): Promise<CampaignsPage> {
    const ctx = await this.allowed(call);
    const { searchParam, pageNumber, status } = parseInput(CampaignsQuery, query ?? {});
    const { rows, hasMore } = await this.campaigns.page(
      ctx.companyId,
      searchParam,
      status,
      (pageNumber - 1) * CampaignPageSize,
      CampaignPageSize,
    );
    return { records: rows.map(toCampaignRecord), hasMore };
  }

  @BusHandler(Subjects.campaigns.campaignGet)
  async get(call: CallContext, request: unknown): Promise<CampaignRecord> {
    const ctx = await this.allowed(call);
    const { id } = parseInput(IdRequest, request ?? {});
    return toCampaignRecord(await this.campaign(ctx.companyId, id));
  }

  @BusHandler(Subjects.campaigns.campaignCreate)
  async create(call: CallContext, data: unknown): Promise<CampaignRecord> {
    const ctx = await this.allowed(call);
    const input = parseInput(CampaignInput, data ?? {});
    const write = await this.checkedWrite(ctx, input, null);
    const record = await this.transactions.inTenant(ctx.companyId, async (manager) => {
      const id = await this.campaigns.insert(manager, ctx.companyId, write);
      const created = toCampaignRecord(await this.campaign(ctx.companyId, id, manager));
      await announceCampaign(manager, created, 'created');
      return created;
    });
    this.dispatcher.nudge();
    return record;
  }

  @BusHandler(Subjects.campaigns.campaignUpdate)
  async update(call: CallContext, data: unknown): Promise<CampaignRecord> {
    const ctx = await this.allowed(call);
    const { id } = parseInput(IdRequest, data ?? {});
    const input = parseInput(CampaignInput, data);
    const before = await this.campaign(ctx.companyId, id);
    const write = await this.checkedWrite(ctx, input, before.status);
    const record = await this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.campaign(ctx.companyId, id, manager, true);
      this.requireEditable(row);
      await this.campaigns.update(manager, ctx.companyId, id, {
        ...write,
        status: statusAfterSave(row.status, write.scheduledAt),
      });
      const updated = toCampaignRecord(await this.campaign(ctx.companyId, id, manager));
      await announceCampaign(manager, updated, 'updated');
      return updated;
    });
    this.dispatcher.nudge();
    return record;
  }

  @BusHandler(Subjects.campaigns.campaignDelete)
  async remove(call: CallContext, data: unknown): Promise<CampaignDeleteReply> {
    const ctx = await this.allowed(call);
    const { id } = parseInput(IdRequest, data ?? {});
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.campaign(ctx.companyId, id, manager, true);
      await this.campaigns.delete(manager, ctx.companyId, id);
      const event: CampaignDeletedEventData = { id };
      await Outbox.add(manager, {
        companyId: ctx.companyId,
        ...DomainEventTypes.campaigns.campaignDeleted,
        data: event,
      });
      return { id, mediaPath: row.media_path };
    });
  }

  /** Pause: nothing more is sent until a restart (rows already sent stay sent). */
  @BusHandler(Subjects.campaigns.campaignCancel)
  async cancel(call: CallContext, data: unknown): Promise<CampaignRecord> {
    const ctx = await this.allowed(call);
    const { id } = parseInput(IdRequest, data ?? {});
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.campaign(ctx.companyId, id, manager, true);
      if (!canCancel(row.status)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
      await this.campaigns.setStatus(manager, ctx.companyId, id, 'CANCELADA');
      const updated = toCampaignRecord(await this.campaign(ctx.companyId, id, manager));
      await announceCampaign(manager, updated, 'updated');
      return updated;
    });
  }

  /**
   * A cancelled campaign goes on: one that had started resumes its unsent rows from now at the
   * campaign's pace; one that had not keeps its scheduled time (due at once when that has passed).
   */
  @BusHandler(Subjects.campaigns.campaignRestart)
  async restart(call: CallContext, data: unknown): Promise<CampaignRecord> {
    const ctx = await this.allowed(call);
    const { id } = parseInput(IdRequest, data ?? {});
    const record = await this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.campaign(ctx.companyId, id, manager, true);
      if (row.status !== 'CANCELADA') throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
      if (row.started_at) {
        await this.campaigns.startCampaign(manager, ctx.companyId, id);
        await this.dispatcher.repace(manager, ctx.companyId, id);
      } else {
        await this.campaigns.setStatus(
          manager,
          ctx.companyId,
          id,
          'PROGRAMADA',
          row.scheduled_at ?? new Date(),
        );
      }
      const updated = toCampaignRecord(await this.campaign(ctx.companyId, id, manager));
      await announceCampaign(manager, updated, 'updated');
      return updated;
    });
    this.dispatcher.nudge();
    return record;
  }

  /**
   * "Start now": an inactive or scheduled campaign (or a cancelled one that never started) is due at
   * once; it needs someone to send to, as scheduling does.
   */
  @BusHandler(Subjects.campaigns.campaignStart)
  async start(call: CallContext, data: unknown): Promise<CampaignRecord> {
    const ctx = await this.allowed(call);
    const { id } = parseInput(IdRequest, data ?? {});
    const before = await this.campaign(ctx.companyId, id);
    if (!canStartNow(before.status, before.started_at !== null)) {
      throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
    }
    this.requireRecipients(
      await this.audienceOf(ctx, {
        contactListId: before.contact_list_id,
        tagListId: before.tag_list_id,
      }),
    );
    const record = await this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.campaign(ctx.companyId, id, manager, true);
      if (!canStartNow(row.status, row.started_at !== null)) {
        throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
      }
      await this.campaigns.setStatus(manager, ctx.companyId, id, 'PROGRAMADA', new Date());
      const updated = toCampaignRecord(await this.campaign(ctx.companyId, id, manager));
      await announceCampaign(manager, updated, 'updated');
      return updated;
    });
    this.dispatcher.nudge();
    return record;
  }

  @BusHandler(Subjects.campaigns.campaignMediaSet)
  async setMedia(call: CallContext, data: unknown): Promise<CampaignMediaReply> {
    const ctx = await this.allowed(call);
    const media = parseInput(MediaRequest, data ?? {});
    return this.changeMedia(ctx, media.id, {
      path: media.mediaPath,
      name: media.mediaName,
      mimeType: media.mimeType,
      size: media.size,
    });
  }

  @BusHandler(Subjects.campaigns.campaignMediaDelete)
  async deleteMedia(call: CallContext, data: unknown): Promise<CampaignMediaReply> {
    const ctx = await this.allowed(call);
    const { id } = parseInput(IdRequest, data ?? {});
    return this.changeMedia(ctx, id, null);
  }

  /** The approved templates of one of the company's Cloud API connections (the dialog's picker). */
  @BusHandler(Subjects.campaigns.campaignTemplateList)
  async templates(call: CallContext, query: unknown): Promise<MessageTemplate[]> {
    const ctx = await this.allowed(call);
    const { whatsappId } = parseInput(CampaignTemplatesQuery, query ?? {});
    return this.connectors.templates(ctx, whatsappId);
  }

  @BusHandler(Subjects.campaigns.campaignReport)
  async report(call: CallContext, query: unknown): Promise<CampaignReport> {
    const ctx = await this.allowed(call);
    const { id, pageNumber } = parseInput(CampaignReportQuery, query ?? {});
    const campaign = toCampaignRecord(await this.campaign(ctx.companyId, id));
    const [counters, page] = await Promise.all([
      this.campaigns.counters(ctx.companyId, id),
      this.campaigns.shippingPage(
        ctx.companyId,
        id,
        (pageNumber - 1) * CampaignPageSize,
        CampaignPageSize,
      ),
    ]);
    return { campaign, counters, records: page.rows.map(toShippingRecord), hasMore: page.hasMore };
  }

  // helpers

  private async changeMedia(
    ctx: RequestContext,
    id: number,
    media: { path: string; name: string; mimeType: string; size: number } | null,
  ): Promise<CampaignMediaReply> {
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.campaign(ctx.companyId, id, manager, true);
      this.requireEditable(row);
      await this.campaigns.setMedia(manager, ctx.companyId, id, media);
      const updated = toCampaignRecord(await this.campaign(ctx.companyId, id, manager));
      await announceCampaign(manager, updated, 'updated');
      return { ...updated, previousMediaPath: row.media_path };
    });
  }

  private requireEditable(row: CampaignRow): void {
    if (!canEdit(row.status, row.scheduled_at, new Date())) {
      throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
    }
  }

  /**
   * The input as stored, after the checks the schema cannot make: the connections are the company's,
   * the list exists, a scheduled campaign has someone to send to, and a template is an approved one
   * of its Cloud API connections (asked of Meta through connectors).
   */
  private async checkedWrite(
    ctx: RequestContext,
    input: CampaignInput,
    current: CampaignRow['status'] | null,
  ): Promise<CampaignWrite> {
    const audience = await this.audienceOf(ctx, input);
    const connections = await this.connectors.connections(ctx);
    const known = new Set(connections.map((c) => c.id));
    if (input.whatsappId.some((id) => !known.has(id))) throw new AppError('ERR_NO_WAPP_FOUND');
    const template = checkedTemplate(
      input,
      connections,
      await this.templatesOf(ctx, input, connections),
    );
    if (input.scheduledAt) this.requireRecipients(audience);
    return {
      name: input.name,
      messages: [input.message1, input.message2, input.message3, input.message4, input.message5],
      confirmationMessages: [
        input.confirmationMessage1,
        input.confirmationMessage2,
        input.confirmationMessage3,
        input.confirmationMessage4,
        input.confirmationMessage5,
      ],
      confirmation: input.confirmation,
      status: statusAfterSave(current, input.scheduledAt),
      scheduledAt: input.scheduledAt,
      contactListId: audience.contactListId,
      tagListId: audience.tagListId,
      tagName: audience.tagName,
      whatsappIds: input.whatsappId,
      template,
    };
  }

  /**
   * Who the campaign goes to: a contact list (this service's), else a tag (asked of tickets, whose data
   * tags are); the list wins when both are named. An unknown list or tag is 404.
   */
  private async audienceOf(
    ctx: RequestContext,
    named: Pick<CampaignInput, 'contactListId' | 'tagListId'>,
  ): Promise<Audience> {
    if (named.contactListId !== null) {
      const recipients = await this.campaigns.recipientCount(ctx.companyId, named.contactListId);
      if (recipients === undefined) throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
      return { contactListId: named.contactListId, tagListId: null, tagName: null, recipients };
    }
    // the schema asks for one of the two; a stored campaign whose list was deleted has neither
    if (named.tagListId === null) throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
    const { tag, count } = await this.tickets.tagAudience(ctx, named.tagListId, true);
    return { contactListId: null, tagListId: tag.id, tagName: tag.name, recipients: count };
  }

  /** A campaign due to start needs someone to send to. */
  private requireRecipients(audience: Audience): void {
    if (audience.recipients > 0) return;
    throw new AppError(
      audience.tagListId !== null ? 'ERR_CAMPAIGN_TAG_AUDIENCE' : 'ERR_CAMPAIGN_LIST_EMPTY',
    );
  }

  /** The approved templates of the campaign's Cloud API connections, when it names a template. */
  private async templatesOf(
    ctx: RequestContext,
    input: CampaignInput,
    connections: ConnectionRecord[],
  ): Promise<Map<number, MessageTemplate[]>> {
    if (!input.templateName) return new Map();
    const ids = cloudConnectionIds(input.whatsappId, connections);
    const lists = await Promise.all(ids.map((id) => this.connectors.templates(ctx, id)));
    return new Map(ids.map((id, index) => [id, lists[index]!]));
  }

  /**
   * Sends the campaign's first variants (confirmation first when it asks one) and its media to one
   * number, now, through one of its connections; placeholders are filled with the list's contact of
   * that number when there is one. Nothing is recorded as a shipping, whatever the status.
   */
  @BusHandler(Subjects.campaigns.campaignTestSend)
  async testSend(call: CallContext, data: unknown): Promise<CampaignTestSendReply> {
    const ctx = await this.allowed(call);
    const { id } = parseInput(IdRequest, data ?? {});
    const { number, whatsappId } = parseInput(CampaignTestSendInput, data ?? {});
    const row = await this.campaign(ctx.companyId, id);
    const connectionId = whatsappId ?? row.whatsapp_ids[0];
    if (connectionId === undefined || !row.whatsapp_ids.includes(connectionId))
      throw new AppError('ERR_NO_WAPP_FOUND');
    const listed =
      row.contact_list_id === null
        ? undefined
        : await this.campaigns.recipientByNumber(ctx.companyId, row.contact_list_id, number);
    const sent = await this.dispatcher.sendTest(
      row,
      listed ?? { number, name: '', email: '' },
      connectionId,
    );
    return { sent };
  }

  private async campaign(
    companyId: number,
    id: number,
    manager?: EntityManager,
    lock = false,
  ): Promise<CampaignRow> {
    const row = await this.campaigns.find(companyId, id, manager, lock);
    if (!row) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
    return row;
  }
}
