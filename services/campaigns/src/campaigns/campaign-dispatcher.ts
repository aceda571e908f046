import { Inject, Injectable } from '@nestjs/common';
import {
  messageVariants,
  confirmationVariants,
  ConnectionSendLimitsOff,
  type CampaignSettingsValues,
  type ConnectionRecord,
  type ErrorCode,
  type MessageMediaType,
  type SendMessageCommand,
  type StoredMedia,
} from '@sb/contracts';
import { usableTimeZone } from '@sb/platform/clock';
import { Transactions } from '@sb/platform/db';
import type { Logger } from '@sb/platform/logger';
import { ENV, LOGGER } from '@sb/platform/nest';
import { campaignMessages } from '@sb/platform/ops';
import { Poller, PollingProvider } from '@sb/platform/poller';
import type { EntityManager } from 'typeorm';
import { ContactListsService } from '../contact-lists/contact-lists.service.js';
import { companyCall, ConnectorsDirectory } from '../directories/connectors-directory.js';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { TicketsDirectory } from '../directories/tickets-directory.js';
import { duePoller, isRefusedSend, sendErrorCode, sendErrorText } from '../polling.js';
import { toCampaignRecord } from './campaign-records.js';
import {
  fillPlaceholders,
  pickVariant,
  placeholderValues,
  sendOffsets,
  type Random,
} from './campaign-rules.js';
import { announceCampaign } from './campaign-events.js';
import { messageContent } from './campaign-templates.js';
import { SendLimitsGate } from './send-limits.gate.js';
import {
  CampaignsRepository,
  type CampaignRow,
  type ClaimedShipping,
  type Recipient,
  type ShippingWrite,
} from './campaigns.repository.js';
import { SendLanes } from './send-lanes.js';
import { SentRecords } from './sent-records.js';

/** How often due work is looked for (CAMPAIGN_POLL_MS; 0 turns the timer off, e.g. in tests). */
const DefaultPollMs = 1_000;
/** A claim outlives the slowest send (the channel call times out at 60 s) with room to record it. */
const DefaultLeaseMs = 120_000;
/** Due rows claimed at once; more are claimed when fewer than half of them still wait. */
const ClaimSize = 400;
/** Connections a worker sends on at once (each one message at a time). */
const MaxLanes = 64;
/** While a pass sends, how often it looks for rows that fell due meanwhile. */
const ReclaimMs = 250;
/** How stale a campaign's status may be when a row is sent (a pause takes effect this fast). */
const CampaignFreshMs = 100;
/** How stale a company's settings, connections (names, send limits) and zone may be at a send. */
const ValuesFreshMs = 10_000;
const PrepareChunk = 5_000;
/** A send the channel could not make now (connection down, bus timeout) is tried again later. */
const RetryDelayMs = 30_000;
const MaxAttempts = 10;
/** Refusals that trying again cannot change: the row fails at once. */
const Final: ReadonlySet<ErrorCode> = new Set([
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_NO_WAPP_FOUND',
  'ERR_VALIDATION',
]);

/** Resolves when `event` does or `ms` have passed, whichever comes first. */
const untilFirst = async (event: Promise<void>, ms: number): Promise<void> => {
  if (ms <= 0) return event;
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([event, elapsed]);
  } finally {
    clearTimeout(timer);
  }
};

const mediaTypeOfMime = (mime: string): MessageMediaType => {
  const kind = mime.split('/')[0];
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'application';
};

type Cached<V> = { at: number; value: Promise<V> };

/**
 * What one pass reads and shares between its rows: the campaigns (re-read when older than
 * CampaignFreshMs), each company's settings, connections and zone (when older than ValuesFreshMs),
 * and the connections it put off.
 */
type PassCache = {
  campaigns: Map<number, Cached<CampaignRow | undefined>>;
  settings: Map<number, Cached<CampaignSettingsValues>>;
  connections: Map<number, Cached<Map<number, ConnectionRecord>>>;
  zones: Map<number, Cached<string>>;
  /** `campaignId:connectionId` of the campaigns already put off to their connection's next opening */
  held: Set<string>;
};

const newPassCache = (): PassCache => ({
  campaigns: new Map(),
  settings: new Map(),
  connections: new Map(),
  zones: new Map(),
  held: new Set(),
});

/** A row in a lane, with when this worker claimed it (its lease runs from then). */
type Claimed = { row: ClaimedShipping; claimedAt: number };

/** The campaign's attachment as a message's media, or null. */
const mediaOf = (campaign: CampaignRow): StoredMedia | null =>
  campaign.media_path
    ? {
        key: campaign.media_path,
        mimeType: campaign.media_mime ?? 'application/octet-stream',
        fileName: campaign.media_name ?? 'file',
        size: campaign.media_size ?? 0,
        mediaType: mediaTypeOfMime(campaign.media_mime ?? ''),
      }
    : null;

/**
 * Runs the campaigns: a due campaign gets one shipping row per contact (its variant picked and its time
 * paced) and starts; due rows are claimed with a lease (FOR UPDATE SKIP LOCKED, so several workers
 * share them) and sent straight to the channel, the connections side by side and each connection's
 * rows one after another. Each step goes to the channel under its idempotency key and is recorded as
 * sent after (the records of many rows written together), so a worker that dies resumes elsewhere
 * without sending a finished step again: a step it sent but had not recorded is sent again under the
 * same key, which the connectors service answers from its record. A campaign with nothing left to send
 * becomes FINALIZADA. A row due before the next tick gets a pass at its time (the pacing holds).
 */
@Injectable()
export class CampaignDispatcher extends PollingProvider {
  protected readonly poller: Poller;
  private readonly leaseMs: number;
  /** the installation's time zone, for a company without its own */
  private readonly timeZone: string;
  private readonly records: SentRecords;
  private wakeTimer: NodeJS.Timeout | undefined;
  /** Replaced in tests for a predictable variant choice and pacing. */
  random: Random = Math.random;

  constructor(
    private readonly transactions: Transactions,
    private readonly campaigns: CampaignsRepository,
    private readonly lists: ContactListsService,
    private readonly connectors: ConnectorsDirectory,
    private readonly tickets: TicketsDirectory,
    private readonly identity: IdentityDirectory,
    private readonly limits: SendLimitsGate,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ENV) env: Record<string, string | undefined>,
  ) {
    super();
    const lease = Number(env.CAMPAIGN_LEASE_MS ?? DefaultLeaseMs);
    this.leaseMs = Number.isFinite(lease) && lease > 0 ? lease : DefaultLeaseMs;
    this.timeZone = usableTimeZone(env.CAMPAIGN_TIME_ZONE || env.COMPANY_TIME_ZONE);
    this.records = new SentRecords(campaigns, logger);
    this.poller = duePoller({
      name: 'campaign dispatcher',
      configured: env.CAMPAIGN_POLL_MS,
      defaultMs: DefaultPollMs,
      pass: () => this.pass(),
      logger,
    });
  }

  /** Work was stored (a campaign saved, a reply confirmed): a pass now rather than at the next tick. */
  nudge(): void {
    void this.poller.run();
  }

  override async onModuleDestroy(): Promise<void> {
    clearTimeout(this.wakeTimer);
    await super.onModuleDestroy();
  }

  private async pass(): Promise<void> {
    await this.startDue();
    await this.sendDue();
    await this.finishDone();
    await this.wakeAtNextDue();
  }

  // start

  private async startDue(): Promise<void> {
    while (!this.poller.stopping) {
      const started = await this.transactions.acrossCompanies(async (manager) => {
        const [campaign] = await this.campaigns.claimDueCampaigns(manager, 1);
        if (!campaign) return false;
        await this.prepare(manager, campaign);
        await this.campaigns.startCampaign(manager, campaign.company_id, campaign.id);
        const row = await this.campaigns.find(campaign.company_id, campaign.id, manager);
        await announceCampaign(manager, toCampaignRecord(row!), 'updated');
        return true;
      });
      if (!started) return;
    }
  }

  /**
   * Who a starting campaign sends to: its list's items, or its tag's contacts as the tickets service
   * has them now (a tag deleted meanwhile: nobody, so the campaign finishes with no rows).
   */
  private async recipientsOf(manager: EntityManager, campaign: CampaignRow): Promise<Recipient[]> {
    const companyId = campaign.company_id;
    if (campaign.contact_list_id !== null) {
      return this.campaigns.recipients(manager, companyId, campaign.contact_list_id);
    }
    if (campaign.tag_list_id === null) return [];
    try {
      const audience = await this.tickets.tagAudience(companyCall(companyId), campaign.tag_list_id);
      return audience.contacts;
    } catch (err) {
      if (sendErrorCode(err) === 'ERR_NO_TAG_FOUND') return [];
      throw err; // tickets not answering: the campaign stays due and is started at a later pass
    }
  }

  /** One shipping row per contact of the list or tag: a random variant each, paced from now. */
  private async prepare(manager: EntityManager, campaign: CampaignRow): Promise<void> {
    const companyId = campaign.company_id;
    if (campaign.whatsapp_ids.length === 0) return;
    const settings = await this.lists.readSettings(companyId);
    const recipients = await this.recipientsOf(manager, campaign);
    const record = toCampaignRecord(campaign);
    const messages = messageVariants(record);
    const confirmations = campaign.confirmation ? confirmationVariants(record) : [];
    // a campaign sent only on Cloud API connections may have a template and no text
    if (messages.length === 0 && !campaign.template) return;
    const offsets = sendOffsets(recipients.length, settings, this.random);
    const start = Date.now();
    const rows: ShippingWrite[] = recipients.map((recipient, index) => ({
      ...recipient,
      message: messages.length > 0 ? pickVariant(messages, this.random) : '',
      confirmationMessage: confirmations.length ? pickVariant(confirmations, this.random) : null,
      whatsappId: campaign.whatsapp_ids[index % campaign.whatsapp_ids.length]!,
      sendAt: new Date(start + offsets[index]!),
    }));
    for (let from = 0; from < rows.length; from += PrepareChunk) {
      const chunk = rows.slice(from, from + PrepareChunk);
      await this.campaigns.insertShippings(manager, companyId, campaign.id, from + 1, chunk);
    }
  }

  /**
   * A campaign's unsent rows (those of one connection when named), paced again from `from`, the count
   * going on from the sent ones: a restarted campaign, or one put off to its connection's next opening.
   */
  async repace(
    manager: EntityManager,
    companyId: number,
    campaignId: number,
    from = new Date(),
    whatsappId?: number,
  ): Promise<void> {
    const settings = await this.lists.readSettings(companyId);
    const ids = await this.campaigns.unsentIds(manager, companyId, campaignId, whatsappId);
    const sent = await this.campaigns.countSent(manager, companyId, campaignId);
    const offsets = sendOffsets(ids.length, settings, this.random, sent);
    const start = from.getTime();
    await this.campaigns.reschedule(
      manager,
      companyId,
      ids,
      offsets.map((offset) => new Date(start + offset)),
    );
  }

  // send

  /**
   * Claims due rows and sends them in lanes, one per connection, claiming more while they go; rows
   * still waiting when the worker stops are given back. Ends when nothing more is due.
   */
  private async sendDue(): Promise<void> {
    const cache = newPassCache();
    const lanes = new SendLanes<Claimed>({
      laneOf: ({ row }) => row.whatsapp_id,
      run: (claimed) => this.sendClaimed(claimed, cache),
      maxLanes: MaxLanes,
      onError: ({ row }, err) =>
        this.logger.error(
          { err, companyId: row.company_id, campaignId: row.campaign_id, shippingId: row.id },
          'campaign shipping left to its lease',
        ),
    });
    // after a claim that found fewer rows than it asked for, the next one waits a moment: rows that
    // fall due while a slow connection holds the pass are still claimed, without a query per send
    let claimAgainAt = 0;
    while (!this.poller.stopping) {
      if (lanes.queued < ClaimSize / 2 && Date.now() >= claimAgainAt) {
        const claimed = await this.campaigns.claimDueShippings(ClaimSize, this.leaseMs);
        const claimedAt = Date.now();
        claimAgainAt = claimed.length === ClaimSize ? 0 : claimedAt + ReclaimMs;
        lanes.add(claimed.map((row) => ({ row, claimedAt })));
      }
      if (lanes.pending === 0) break;
      await untilFirst(lanes.next(), claimAgainAt - Date.now());
    }
    await this.campaigns.release(lanes.takeWaiting().map(({ row }) => row.id));
    await lanes.idle();
    await this.records.flush();
  }

  /** A row whose lease is half gone while it waited in its lane goes back for a fresh claim. */
  private async sendClaimed({ row, claimedAt }: Claimed, cache: PassCache): Promise<void> {
    if (Date.now() - claimedAt > this.leaseMs / 2) {
      await this.campaigns.release([row.id]);
      return;
    }
    await this.sendOne(row, cache);
  }

  private async sendOne(row: ClaimedShipping, cache: PassCache): Promise<void> {
    const companyId = row.company_id;
    const log = { companyId, campaignId: row.campaign_id, shippingId: row.id };
    // at most CampaignFreshMs old for every row: a pause stops the rows already claimed, after the
    // message in flight on each connection
    const campaign = await this.campaignOf(row, cache);
    if (!campaign || (campaign.status !== 'EM_ANDAMENTO' && campaign.status !== 'FINALIZADA')) {
      await this.campaigns.release([row.id]);
      return;
    }
    // asked when the row was claimed, moments ago, not when the rows were prepared: the contact may
    // have opted out since
    if (row.opted_out) {
      this.logger.info(log, 'campaign shipping skipped: opted out');
      await this.campaigns.markOptedOut(companyId, row.id);
      campaignMessages.inc({ result: 'skipped' });
      return;
    }
    const confirming =
      campaign.confirmation && row.status === 'pending' && row.confirmation_message !== null;
    try {
      const connection = (await this.connectionsOf(companyId, cache)).get(row.whatsapp_id);
      const zone = await this.zoneOf(companyId, cache);
      const limits = connection?.sendLimits ?? ConnectionSendLimitsOff;
      const opensAt = await this.limits.admit(companyId, row.whatsapp_id, limits, zone);
      if (opensAt) {
        await this.putOff(row, opensAt, cache);
        return;
      }
      const to = { contact: row, shippingId: row.id, connectionName: connection?.name ?? '', zone };
      const values = await this.valuesFor(companyId, to, cache);
      const text = fillPlaceholders(
        confirming ? (row.confirmation_message ?? '') : row.message,
        values,
      );
      if (confirming) {
        await this.step(row, 'confirmation', { body: text });
        await this.campaigns.markAwaiting(companyId, row.id);
        return;
      }
      const channel = connection?.channel;
      const content = messageContent({ template: campaign.template, channel, text, values });
      if (content) await this.step(row, 'message', content);
      // a template goes alone: Meta would refuse the attachment (free-form) outside the 24-hour window
      const media = content?.template ? null : mediaOf(campaign);
      if (media) await this.step(row, 'media', { body: '', media });
      this.records.rowDelivered(row.id);
    } catch (err) {
      const error = sendErrorText(err);
      if (Final.has(sendErrorCode(err)) || isRefusedSend(err) || row.attempts >= MaxAttempts) {
        this.logger.info({ ...log, error }, 'campaign shipping failed');
        await this.campaigns.markFailed(companyId, row.id, error);
        campaignMessages.inc({ result: 'failed' });
        return;
      }
      this.logger.warn({ ...log, err, attempt: row.attempts }, 'campaign shipping put off');
      await this.campaigns.retryLater(companyId, row.id, error, RetryDelayMs);
    }
  }

  /**
   * One message of a shipping, once: skipped when a previous attempt at the row finished it, else sent
   * under its key (the same key when an attempt is repeated) and recorded as sent.
   */
  private async step(
    row: ClaimedShipping,
    step: 'confirmation' | 'message' | 'media',
    content: Pick<SendMessageCommand, 'body' | 'media' | 'template'>,
  ): Promise<void> {
    if (row.sent_steps.includes(step)) return;
    const key = `campaign:${row.campaign_id}:${row.id}:${step}`;
    const result = await this.connectors.send(row.company_id, {
      connectionId: row.whatsapp_id,
      peer: { number: row.number, isGroup: false },
      ...content,
      idempotencyKey: key,
      bulk: true,
    });
    campaignMessages.inc({ result: 'sent' });
    this.records.step({
      key,
      companyId: row.company_id,
      shippingId: row.id,
      step,
      externalId: result.externalId,
    });
  }

  private campaignOf(row: ClaimedShipping, cache: PassCache): Promise<CampaignRow | undefined> {
    return this.cached(cache.campaigns, row.campaign_id, CampaignFreshMs, () =>
      this.campaigns.find(row.company_id, row.campaign_id),
    );
  }

  /**
   * The connection is outside its window or at its daily cap: the row is given back, and the
   * campaign's rows on that connection are paced again from its next opening (once a pass).
   */
  private async putOff(row: ClaimedShipping, opensAt: Date, cache: PassCache): Promise<void> {
    await this.campaigns.release([row.id]);
    const key = `${row.campaign_id}:${row.whatsapp_id}`;
    if (cache.held.has(key)) return;
    cache.held.add(key);
    await this.transactions.acrossCompanies((manager) =>
      this.repace(manager, row.company_id, row.campaign_id, opensAt, row.whatsapp_id),
    );
    this.logger.info(
      {
        companyId: row.company_id,
        campaignId: row.campaign_id,
        connectionId: row.whatsapp_id,
        opensAt,
      },
      'campaign waits for its connection to send again',
    );
  }

  /** The placeholders' values for one contact, now (texts and template parameters alike). */
  private async valuesFor(
    companyId: number,
    to: { contact: Recipient; shippingId: number; connectionName: string; zone: string },
    cache: PassCache,
  ): Promise<Record<string, string>> {
    const settings = await this.cached(cache.settings, companyId, ValuesFreshMs, () =>
      this.lists.readSettings(companyId),
    );
    return placeholderValues({
      contact: { name: to.contact.name, number: to.contact.number, email: to.contact.email },
      connectionName: to.connectionName,
      variables: settings.variables,
      now: new Date(),
      timeZone: to.zone,
      shippingId: to.shippingId,
    });
  }

  /**
   * A test send: the campaign's first confirmation (when it asks one) and message variants, filled for
   * `contact` (its template instead of the message on a Cloud API connection), then its media unless a
   * template went, sent now as an agent's message would be (no limits, no shipping row). Answers how
   * many messages went out.
   */
  async sendTest(campaign: CampaignRow, contact: Recipient, whatsappId: number): Promise<number> {
    const companyId = campaign.company_id;
    const cache = newPassCache();
    const connection = (await this.connectionsOf(companyId, cache)).get(whatsappId);
    const zone = await this.zoneOf(companyId, cache);
    const record = toCampaignRecord(campaign);
    const to = { contact, shippingId: 0, connectionName: connection?.name ?? '', zone };
    const values = await this.valuesFor(companyId, to, cache);
    const [confirmation] = campaign.confirmation ? confirmationVariants(record) : [];
    const [message = ''] = messageVariants(record);
    const contents: Pick<SendMessageCommand, 'body' | 'media' | 'template'>[] = [];
    const asking = confirmation === undefined ? '' : fillPlaceholders(confirmation, values);
    if (asking.trim() !== '') contents.push({ body: asking });
    const text = fillPlaceholders(message, values);
    const channel = connection?.channel;
    const first = messageContent({ template: campaign.template, channel, text, values });
    if (first) contents.push(first);
    const media = first?.template ? null : mediaOf(campaign);
    if (media) contents.push({ body: '', media });
    for (const content of contents) {
      await this.connectors.send(companyId, {
        connectionId: whatsappId,
        peer: { number: contact.number, isGroup: false },
        ...content,
      });
    }
    return contents.length;
  }

  /**
   * The company's connections, for their names and send limits; when connectors does not answer the
   * send fails and is tried again, rather than go out without its connection's limits.
   */
  private connectionsOf(companyId: number, cache: PassCache) {
    return this.cached(cache.connections, companyId, ValuesFreshMs, async () => {
      const connections = await this.connectors.connections(companyCall(companyId));
      return new Map(connections.map((c) => [c.id, c]));
    });
  }

  private zoneOf(companyId: number, cache: PassCache): Promise<string> {
    return this.cached(cache.zones, companyId, ValuesFreshMs, () =>
      this.identity.timeZone(companyId, this.timeZone),
    );
  }

  /** One load at a time per key, reused until `maxAgeMs` old (a failed load is not kept). */
  private cached<V>(
    map: Map<number, Cached<V>>,
    key: number,
    maxAgeMs: number,
    load: () => Promise<V>,
  ): Promise<V> {
    const now = Date.now();
    const hit = map.get(key);
    if (hit && now - hit.at <= maxAgeMs) return hit.value;
    const value = load();
    map.set(key, { at: now, value });
    value.catch(() => {
      if (map.get(key)?.value === value) map.delete(key);
    });
    return value;
  }

  // finish

  /** A row due before the next tick gets a pass at its time rather than up to a tick late. */
  private async wakeAtNextDue(): Promise<void> {
    const everyMs = this.poller.everyMs;
    if (everyMs === 0 || this.poller.stopping) return;
    const inMs = await this.campaigns.nextDueInMs(everyMs);
    if (inMs === undefined) return;
    clearTimeout(this.wakeTimer);
    // a millisecond over, so the claim's clock has passed the row's time
    this.wakeTimer = setTimeout(() => this.nudge(), Math.ceil(inMs) + 1);
    this.wakeTimer.unref();
  }

  private async finishDone(): Promise<void> {
    await this.transactions.acrossCompanies(async (manager) => {
      for (const row of await this.campaigns.finishDone(manager)) {
        await announceCampaign(manager, toCampaignRecord(row), 'updated');
      }
    });
  }
}
