import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  SettingDefaults,
  Subjects,
  type CompanySchedulesView,
  type ConnectionRecord,
  type RequestContext,
  type SettingEntry,
} from '@sb/contracts';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import { usableTimeZone } from '@sb/platform/clock';
import type { Logger } from '@sb/platform/logger';
import { BUS, ENV, LOGGER } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { buildChatbotTrees } from '../chatbots/chatbot-rows.js';
import { ChatbotsRepository } from '../chatbots/chatbots.repository.js';
import { forgetOnEvents, LookupCache } from '../lookups/lookup-cache.js';
import { QueuesRepository } from '../queues/queues.repository.js';
import type { BotConnection, BotOption, BotSettings, ScheduleType } from './bot-rules.js';

/** Connection texts and company settings change rarely: kept 10 s, so a burst asks once. */
const TtlMs = 10_000;
const LookupTimeoutMs = 3_000;

/** The connection record and company settings the bot reads, from connectors and identity. */
@Injectable()
export class BotContext implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly cache: LookupCache;
  private readonly subscriptions: BusSubscription[] = [];
  private readonly timeZone: string;

  constructor(
    private readonly queues: QueuesRepository,
    private readonly chatbots: ChatbotsRepository,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(ENV) env: Record<string, string | undefined>,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.cache = new LookupCache(TtlMs, logger);
    // the company's own time zone comes with its hours; this is the fallback (default America/Sao_Paulo)
    this.timeZone = usableTimeZone(env.COMPANY_TIME_ZONE);
  }

  /** A changed setting, company or connection is read again at once (the cache only saves bursts). */
  async onApplicationBootstrap(): Promise<void> {
    this.subscriptions.push(
      ...(await forgetOnEvents(this.bus, this.cache, [
        { subject: 'evt.*.identity.settings.updated', key: (e) => `s:${e.companyId}` },
        { subject: 'evt.*.identity.company.updated', key: (e) => `h:${e.companyId}` },
        {
          subject: 'evt.*.connectors.connection.updated',
          key: (e) => {
            const id = (e.data as { connection?: { id: number } }).connection?.id;
            return id ? `c:${e.companyId}:${id}` : null;
          },
        },
      ])),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((s) => s.unsubscribe()));
  }

  record(ctx: RequestContext, connectionId: number): Promise<ConnectionRecord | null> {
    return this.cache.get<ConnectionRecord | null>(
      `c:${ctx.companyId}:${connectionId}`,
      () =>
        this.bus.request<ConnectionRecord>(
          Subjects.connectors.connectionGet,
          { ctx, data: { id: connectionId } },
          { timeoutMs: LookupTimeoutMs },
        ),
      null,
    );
  }

  /** The connection as the bot walks it: its texts, knobs, hours and queues (menu order) with options. */
  async connection(
    ctx: RequestContext,
    connectionId: number,
    manager: EntityManager,
  ): Promise<BotConnection | null> {
    const record = await this.record(ctx, connectionId);
    if (!record) return null;
    const linked = new Set(record.queueIds);
    const rows =
      linked.size === 0
        ? []
        : (await this.queues.list(ctx.companyId, manager)).filter((q) => linked.has(q.id));
    const options = await this.chatbots.forQueues(
      ctx.companyId,
      rows.map((q) => q.id),
      manager,
    );
    const trees = buildChatbotTrees(options);
    return {
      greetingMessage: record.greetingMessage ?? '',
      complationMessage: record.complationMessage ?? '',
      outOfHoursMessage: record.outOfHoursMessage ?? '',
      ratingMessage: record.ratingMessage ?? '',
      maxUseBotQueues: record.maxUseBotQueues,
      timeUseBotQueues: record.timeUseBotQueues,
      maxUseBotQueuesNPS: record.maxUseBotQueuesNPS,
      schedules: record.schedules ?? [],
      integrationId: record.integrationId ?? null,
      promptId: record.promptId ?? null,
      queues: rows.map((q) => ({
        id: q.id,
        name: q.name,
        greetingMessage: q.greeting_message ?? '',
        outOfHoursMessage: q.out_of_hours_message ?? '',
        schedules: q.schedules ?? [],
        closeTicket: q.close_ticket,
        fileListId: q.file_list_id,
        integrationId: q.integration_id,
        promptId: q.prompt_id,
        options: trees.filter((root) => root.queueId === q.id).map(toBotOption),
      })),
    };
  }

  /** The company's settings with their defaults (the defaults alone when identity does not answer). */
  async settingValues(ctx: RequestContext): Promise<Map<string, string>> {
    const entries = await this.cache.get<SettingEntry[]>(
      `s:${ctx.companyId}`,
      () =>
        this.bus.request<SettingEntry[]>(
          Subjects.identity.companySettingsList,
          { ctx, data: { companyId: ctx.companyId } },
          { timeoutMs: LookupTimeoutMs },
        ),
      [],
    );
    const values = new Map<string, string>(Object.entries(SettingDefaults));
    for (const entry of entries) values.set(entry.key, entry.value);
    return values;
  }

  /** The company settings the bot reads (defaults when identity does not answer). */
  async settings(ctx: RequestContext): Promise<BotSettings> {
    const [values, hours] = await Promise.all([
      this.settingValues(ctx),
      this.cache.get<Pick<CompanySchedulesView, 'schedules' | 'timeZone'>>(
        `h:${ctx.companyId}`,
        () =>
          this.bus.request<CompanySchedulesView>(
            Subjects.identity.companySchedulesGet,
            { ctx, data: { id: ctx.companyId } },
            { timeoutMs: LookupTimeoutMs },
          ),
        { schedules: [] },
      ),
    ]);
    const on = (key: string) => values.get(key) === 'enabled';
    return {
      scheduleType: (values.get('scheduleType') ?? 'disabled') as ScheduleType,
      enableLGPD: on('enableLGPD'),
      lgpdMessage: values.get('lgpdMessage') ?? '',
      lgpdLink: values.get('lgpdLink') ?? '',
      sendGreetingMessageOneQueues: on('sendGreetingMessageOneQueues'),
      sendQueuePosition: on('sendQueuePosition'),
      acceptAudioMessageContact: on('acceptAudioMessageContact'),
      sendMessageOutExpedientTicketOpen: on('sendMessageOutExpedientTicketOpen'),
      acceptCallWhatsapp: on('acceptCallWhatsapp'),
      timeZone: hours.timeZone?.trim() || this.timeZone,
      companySchedule: hours.schedules ?? [],
    };
  }
}

const toBotOption = (option: ReturnType<typeof buildChatbotTrees>[number]): BotOption => ({
  id: option.id,
  name: option.name,
  greetingMessage: option.greetingMessage,
  queueType: option.queueType,
  closeTicket: option.closeTicket,
  optQueueId: option.optQueueId,
  optUserId: option.optUserId,
  optIntegrationId: option.optIntegrationId,
  optFileId: option.optFileId,
  options: option.options.map(toBotOption),
});
