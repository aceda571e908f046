import { Inject, Injectable } from '@nestjs/common';
import {
  PlatformCompanyId,
  SettingDefaults,
  Subjects,
  type AvailableAgentsRequest,
  type BusRequestData,
  type BusResponseData,
  type BusSubject,
  type CompanyEventData,
  type CompanySchedulesView,
  type PlanLimitsReply,
  type RequestContext,
  type SettingsUpdatedEventData,
  type UserCreatedEventData,
  type UserDeletedEventData,
  type UserRecord,
  type UserUpdatedEventData,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { usableTimeZone } from '@sb/platform/clock';
import type { Logger } from '@sb/platform/logger';
import { BUS, ENV, LOGGER } from '@sb/platform/nest';
import { CompanyReplicas, ReplicatedDirectory, type ReplicaRule } from './company-replicas.js';
import { systemContext } from './system-context.js';

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

/** A user as tickets reads them: name, profile, queues, flags, presence and farewell text. */
export type ReplicaUser = Pick<
  UserRecord,
  | 'id'
  | 'name'
  | 'profile'
  | 'online'
  | 'profileImage'
  | 'allTicket'
  | 'allowGroup'
  | 'farewellMessage'
  | 'queueIds'
>;

/** The users of one company; `deleted`: ids identity announced gone (never asked for again). */
type UsersReplica = { byId: Map<number, ReplicaUser>; deleted: Set<number> };

const replicaUser = (user: ReplicaUser): ReplicaUser => ({
  id: user.id,
  name: user.name,
  profile: user.profile,
  online: user.online,
  profileImage: user.profileImage,
  allTicket: user.allTicket,
  allowGroup: user.allowGroup,
  farewellMessage: user.farewellMessage,
  queueIds: user.queueIds,
});

/**
 * What tickets reads from identity: users, company settings and hours are kept in replicas per company
 * (loaded in full at the company's first read, then changed by identity's events), so the ticket actions
 * ask identity nothing; the agents available for routing and the plan's limits are asked when needed.
 */
@Injectable()
export class IdentityDirectory extends ReplicatedDirectory {
  /** the company's own time zone comes with its hours; this is the fallback (COMPANY_TIME_ZONE) */
  private readonly defaultTimeZone: string;
  private readonly usersReplica: CompanyReplicas<UsersReplica>;
  private readonly settingsReplica: CompanyReplicas<Map<string, string>>;
  private readonly hoursReplica: CompanyReplicas<CompanyHours>;

  constructor(
    @Inject(BUS) bus: Bus,
    @Inject(LOGGER) logger: Logger,
    @Inject(ENV) env: Record<string, string | undefined>,
  ) {
    super(bus, logger, env, 'identity');
    this.defaultTimeZone = usableTimeZone(env.COMPANY_TIME_ZONE);
    this.usersReplica = new CompanyReplicas(async (companyId) => {
      const list = await this.ask(companyId, Subjects.identity.userRecords, {});
      return { byId: new Map(list.map((u) => [u.id, replicaUser(u)])), deleted: new Set() };
    });
    this.settingsReplica = new CompanyReplicas(async (companyId) => {
      // with the bus's default timeout: a slow identity is waited for rather than read as '' (which
      // masks numbers, fails closed on lgpdHideNumber and turns features off)
      const entries = await this.ask(
        companyId,
        Subjects.identity.companySettingsList,
        { companyId },
        null,
      );
      return new Map<string, string>(entries.map((entry) => [entry.key, entry.value]));
    });
    this.hoursReplica = new CompanyReplicas<CompanyHours>((companyId) =>
      this.ask(companyId, Subjects.identity.companySchedulesGet, {
        id: companyId,
      }),
    );
  }

  protected replicaRules(): ReplicaRule[] {
    const upsert = (companyId: number, user: ReplicaUser) =>
      this.usersReplica.apply(companyId, (users) => {
        users.byId.set(user.id, replicaUser(user));
        users.deleted.delete(user.id);
      });
    return [
      {
        subject: 'evt.*.identity.user.created',
        apply: (e) => upsert(e.companyId, (e.data as UserCreatedEventData).user),
      },
      {
        subject: 'evt.*.identity.user.updated',
        apply: (e) => {
          const { user, queueIds, online } = e.data as UserUpdatedEventData;
          this.usersReplica.apply(e.companyId, (users) => {
            const before = users.byId.get(user.id);
            const queues = Array.isArray(user.queues) ? user.queues.map((queue) => queue.id) : null;
            users.byId.set(
              user.id,
              replicaUser({
                ...user,
                queueIds: queueIds ?? queues ?? before?.queueIds ?? [],
                online: online ?? before?.online ?? false,
              }),
            );
            users.deleted.delete(user.id);
          });
        },
      },
      {
        subject: 'evt.*.identity.user.deleted',
        apply: (e) => {
          const { userId } = e.data as UserDeletedEventData;
          this.usersReplica.apply(e.companyId, (users) => {
            users.byId.delete(userId);
            users.deleted.add(userId);
          });
        },
      },
      {
        subject: 'evt.*.identity.settings.updated',
        apply: (e) => {
          // platform keys come as company 0, which has no replica: only company keys are applied
          const { key, value } = e.data as SettingsUpdatedEventData;
          this.settingsReplica.apply(e.companyId, (values) => values.set(key, value));
        },
      },
      {
        subject: 'evt.*.identity.company.updated',
        apply: (e) => {
          const { company, timeZone } = e.data as CompanyEventData;
          this.hoursReplica.apply(e.companyId, (hours) => {
            hours.schedules = company.schedules;
            if (timeZone !== undefined) hours.timeZone = timeZone;
          });
        },
      },
    ];
  }

  async resync(): Promise<void> {
    await Promise.all([
      this.usersReplica.resync(),
      this.settingsReplica.resync(),
      this.hoursReplica.resync(),
    ]);
  }

  /** The caller as the ticket rules see them; a caller identity cannot describe sees only their own. */
  async viewer(ctx: RequestContext): Promise<Viewer> {
    const admin = ctx.profile === 'admin' || ctx.super;
    const user = await this.replicaUser(ctx, ctx.userId);
    return {
      userId: ctx.userId,
      admin,
      allTicket: user?.allTicket === 'enable',
      allowGroup: user?.allowGroup ?? false,
      queueIds: user?.queueIds ?? [],
      name: user?.name ?? '',
    };
  }

  /**
   * One user from the replica; a user it does not hold yet (created a moment ago, its event on the way)
   * is asked for once. Null for a deleted user, another company's, or when identity does not answer.
   */
  async replicaUser(ctx: RequestContext, id: number): Promise<ReplicaUser | null> {
    let users: UsersReplica;
    try {
      users = await this.usersReplica.get(ctx.companyId);
    } catch (err) {
      this.logger.warn({ err, userId: id }, 'users replica load failed');
      return null;
    }
    const hit = users.byId.get(id);
    if (hit || users.deleted.has(id) || !(id > 0)) return hit ?? null;
    try {
      // identity answers only a user of the caller's company
      const record = await this.user(ctx, id);
      this.usersReplica.apply(ctx.companyId, (u) => {
        if (!u.deleted.has(id) && !u.byId.has(id)) u.byId.set(id, replicaUser(record));
      });
      return replicaUser(record);
    } catch (err) {
      this.logger.warn({ err, userId: id }, 'user lookup failed');
      return null;
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

  /** The company's users by id (names for ticket rows); empty when identity does not answer. */
  async users(ctx: RequestContext): Promise<Map<number, ReplicaUser>> {
    try {
      return (await this.usersReplica.get(ctx.companyId)).byId;
    } catch (err) {
      this.logger.warn({ err }, 'users replica load failed');
      return new Map();
    }
  }

  /** A user's name; '' for no user or when identity does not answer (never refuses a text). */
  async userName(ctx: RequestContext, userId: number | null): Promise<string> {
    if (!userId) return '';
    return (await this.replicaUser(ctx, userId))?.name ?? '';
  }

  /** A company setting's value; '' when identity does not answer (the feature stays off). */
  async setting(ctx: RequestContext, key: string): Promise<string> {
    try {
      return await this.settingOf(ctx, key);
    } catch (err) {
      this.logger.warn({ err, key }, 'setting lookup failed');
      return '';
    }
  }

  async enabled(ctx: RequestContext, key: string): Promise<boolean> {
    return (await this.setting(ctx, key)) === 'enabled';
  }

  /** A company setting's value for the message paths (the same replica as `setting`). */
  cachedSetting(ctx: RequestContext, key: string): Promise<string> {
    return this.setting(ctx, key);
  }

  /** The company's settings with their defaults (the defaults alone when identity does not answer). */
  async settingValues(ctx: RequestContext): Promise<Map<string, string>> {
    const values = new Map<string, string>(Object.entries(SettingDefaults));
    try {
      for (const [key, value] of await this.settingsReplica.get(ctx.companyId))
        values.set(key, value);
    } catch (err) {
      this.logger.warn({ err }, 'settings replica load failed');
    }
    return values;
  }

  /** The company's opening hours and its time zone (the configured default when it has none). */
  async hours(
    ctx: RequestContext,
  ): Promise<{ schedules: CompanyHours['schedules']; timeZone: string }> {
    let hours: CompanyHours = { schedules: [] };
    try {
      hours = await this.hoursReplica.get(ctx.companyId);
    } catch (err) {
      this.logger.warn({ err }, 'company hours load failed');
    }
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

  /** The companies that keep messages a limited time, with their days (asked now, as the service). */
  async retentionPeriods(): Promise<Map<number, number>> {
    const list = await this.bus.request(
      Subjects.identity.settingsRetentionList,
      { ctx: systemContext(PlatformCompanyId), data: {} },
      { timeoutMs: LookupTimeoutMs },
    );
    return new Map(list.map((entry) => [entry.companyId, entry.days]));
  }

  /** The company plan's limits (a queue past them is refused). */
  planLimits(ctx: RequestContext): Promise<PlanLimitsReply> {
    return this.bus.request(Subjects.identity.planLimits, {
      ctx,
      data: { companyId: ctx.companyId },
    });
  }

  /** A company key's value from the replica (its default when the company never set it). */
  private async settingOf(ctx: RequestContext, key: string): Promise<string> {
    const values = await this.settingsReplica.get(ctx.companyId);
    return values.get(key) ?? '';
  }

  /** A replica load: asked as the service itself, for the whole company. */
  private ask<S extends BusSubject>(
    companyId: number,
    subject: S,
    data: BusRequestData<S>,
    timeoutMs: number | null = LookupTimeoutMs,
  ): Promise<BusResponseData<S>> {
    const payload = { ctx: systemContext(companyId), data };
    return timeoutMs === null
      ? this.bus.request(subject, payload)
      : this.bus.request(subject, payload, { timeoutMs });
  }
}
