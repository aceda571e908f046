import { Inject, Injectable } from '@nestjs/common';
import {
  SettingDefaults,
  Subjects,
  type AvailableAgentsRequest,
  type CompanySchedulesView,
  type CompanySettingOneRequest,
  type PlanLimitsReply,
  type RequestContext,
  type SettingEntry,
  type UserListItem,
  type UserRecord,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { usableTimeZone } from '@sb/platform/clock';
import type { Logger } from '@sb/platform/logger';
import { BUS, ENV, LOGGER } from '@sb/platform/nest';
import { CachedDirectory, type StaleRule } from './lookup-cache.js';

/** Names, settings and hours change rarely: kept 10 s, so a burst asks once. */
const TtlMs = 10_000;
const LookupTimeoutMs = 3_000;

/** The caller as the ticket rules see them (their queues and flags), with their name. */
export type Viewer = {
  userId: number;
  admin: boolean;
  allTicket: boolean;
  allowGroup: boolean;
  queueIds: number[];
  name: string;
};

export type CompanyHours = Pick<CompanySchedulesView, 'schedules' | 'timeZone'>;

/**
 * What tickets reads from identity: users and their names, company settings and hours, the agents
 * available for routing and the plan's limits. Answers that only name things are cached (one cache,
 * forgotten when identity announces a change); what decides access (the caller, a setting read with
 * `setting`) is asked on every call, so a change applies at once.
 */
@Injectable()
export class IdentityDirectory extends CachedDirectory {
  /** the company's own time zone comes with its hours; this is the fallback (COMPANY_TIME_ZONE) */
  private readonly defaultTimeZone: string;

  constructor(
    @Inject(BUS) bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ENV) env: Record<string, string | undefined>,
  ) {
    super(bus, logger, TtlMs);
    this.defaultTimeZone = usableTimeZone(env.COMPANY_TIME_ZONE);
  }

  /** Changed settings (`s:<company>:…`) and company hours (`h:<company>`) are read again at once. */
  protected staleRules(): StaleRule[] {
    return [
      { subject: 'evt.*.identity.settings.updated', key: (e) => `s:${e.companyId}:`, prefix: true },
      { subject: 'evt.*.identity.company.updated', key: (e) => `h:${e.companyId}` },
    ];
  }

  /** The caller as the ticket rules see them; a caller identity cannot describe sees only their own. */
  async viewer(ctx: RequestContext): Promise<Viewer> {
    const admin = ctx.profile === 'admin' || ctx.super;
    try {
      const user = await this.user(ctx, ctx.userId);
      return {
        userId: ctx.userId,
        admin,
        allTicket: user.allTicket === 'enable',
        allowGroup: user.allowGroup,
        queueIds: user.queueIds,
        name: user.name,
      };
    } catch (err) {
      this.logger.warn({ err, userId: ctx.userId }, 'caller lookup failed');
      return {
        userId: ctx.userId,
        admin,
        allTicket: false,
        allowGroup: false,
        queueIds: [],
        name: '',
      };
    }
  }

  /** One user, asked now (fails when identity does not answer or the user is another company's). */
  user(ctx: RequestContext, id: number): Promise<UserRecord> {
    return this.bus.request(
      Subjects.identity.userGet,
      { ctx, data: { id } },
      { timeoutMs: LookupTimeoutMs },
    );
  }

  /** The company's users by id (names for ticket rows). */
  users(ctx: RequestContext): Promise<Map<number, UserListItem>> {
    return this.cache.get(
      `u:${ctx.companyId}`,
      async () => {
        const list = await this.bus.request(
          Subjects.identity.userPickerList,
          { ctx, data: {} },
          { timeoutMs: LookupTimeoutMs },
        );
        return new Map(list.map((user) => [user.id, user]));
      },
      new Map<number, UserListItem>(),
    );
  }

  /** A user's name, cached; '' for no user or when identity does not answer (never refuses a text). */
  userName(ctx: RequestContext, userId: number | null): Promise<string> {
    if (!userId) return Promise.resolve('');
    return this.cache.get(
      `u:${ctx.companyId}:${userId}`,
      async () => (await this.user(ctx, userId)).name,
      '',
    );
  }

  /** A company setting's value, asked now; '' when identity does not answer (the feature stays off). */
  async setting(ctx: RequestContext, key: string): Promise<string> {
    try {
      return await this.askSetting(ctx, key);
    } catch (err) {
      this.logger.warn({ err, key }, 'setting lookup failed');
      return '';
    }
  }

  async enabled(ctx: RequestContext, key: string): Promise<boolean> {
    return (await this.setting(ctx, key)) === 'enabled';
  }

  /** A company setting's value, cached for the message paths; '' when identity does not answer. */
  cachedSetting(ctx: RequestContext, key: string): Promise<string> {
    return this.cache.get(`s:${ctx.companyId}:${key}`, () => this.askSetting(ctx, key), '');
  }

  /**
   * lgpdHideNumber (spec 1 §5, spec 2 §6), asked now. Identity not answering must not hide a setting
   * that protects numbers: it then counts as on (fail closed); other failures are thrown.
   */
  async hidesNumbers(ctx: RequestContext): Promise<boolean> {
    try {
      // with the bus's default timeout
      return (await this.askSetting(ctx, 'lgpdHideNumber', undefined)) === 'enabled';
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_SERVICE_UNAVAILABLE') return true;
      throw err;
    }
  }

  /** The company's settings with their defaults (the defaults alone when identity does not answer). */
  async settingValues(ctx: RequestContext): Promise<Map<string, string>> {
    const entries = await this.cache.get<SettingEntry[]>(
      `s:${ctx.companyId}:*`,
      () =>
        this.bus.request(
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

  /** The company's opening hours and its time zone (the configured default when it has none). */
  async hours(
    ctx: RequestContext,
  ): Promise<{ schedules: CompanyHours['schedules']; timeZone: string }> {
    const hours = await this.cache.get<CompanyHours>(
      `h:${ctx.companyId}`,
      () =>
        this.bus.request(
          Subjects.identity.companySchedulesGet,
          { ctx, data: { id: ctx.companyId } },
          { timeoutMs: LookupTimeoutMs },
        ),
      { schedules: [] },
    );
    return {
      schedules: hours.schedules ?? [],
      timeZone: hours.timeZone?.trim() || this.defaultTimeZone,
    };
  }

  /** The available agents of each queue at `at`, ids ascending (fails when identity does not answer). */
  async availableAgents(
    ctx: RequestContext,
    queueIds: number[],
    at: Date,
  ): Promise<Map<number, number[]>> {
    const data: AvailableAgentsRequest = {
      companyId: ctx.companyId,
      queueIds,
      at: at.toISOString(),
    };
    const reply = await this.bus.request(
      Subjects.identity.userAvailableAgents,
      { ctx, data },
      { timeoutMs: LookupTimeoutMs },
    );
    return new Map(reply.queues.map((queue) => [queue.queueId, queue.userIds]));
  }

  /** The company plan's limits (a queue past them is refused). */
  planLimits(ctx: RequestContext): Promise<PlanLimitsReply> {
    return this.bus.request(Subjects.identity.planLimits, {
      ctx,
      data: { companyId: ctx.companyId },
    });
  }

  private async askSetting(
    ctx: RequestContext,
    key: string,
    timeoutMs: number | undefined = LookupTimeoutMs,
  ): Promise<string> {
    const data: CompanySettingOneRequest = { key };
    const entry = await this.bus.request(
      Subjects.identity.companySettingOne,
      { ctx, data },
      timeoutMs === undefined ? undefined : { timeoutMs },
    );
    return entry.value;
  }
}
