import { Inject, Injectable } from '@nestjs/common';
import { Subjects, type ConnectionRecord, type RequestContext } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER } from '@sb/platform/nest';
import { UnknownGroupSettings, type GroupSettings } from './inbound-rules.js';

const TtlMs = 30_000;
const LookupTimeoutMs = 2_000;

/**
 * A connection's group handling (allowGroup, groupAsTicket), asked from connectors and kept 30 s. When
 * connectors does not answer, groups are kept as the event says (inbound-rules UnknownGroupSettings).
 */
@Injectable()
export class ConnectionGroups {
  private readonly cache = new Map<string, { at: number; value: Promise<GroupSettings> }>();

  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  of(ctx: RequestContext, connectionId: number): Promise<GroupSettings> {
    const key = `${ctx.companyId}:${connectionId}`;
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < TtlMs) return hit.value;
    const value = this.bus
      .request<ConnectionRecord>(
        Subjects.connectors.connectionGet,
        { ctx, data: { id: connectionId } },
        { timeoutMs: LookupTimeoutMs },
      )
      .then((row): GroupSettings => ({
        allowGroup: row.allowGroup === true,
        groupAsTicket: row.groupAsTicket === 'enabled',
      }))
      .catch((err: unknown) => {
        this.logger.debug({ err, connectionId }, 'connection lookup failed; groups kept');
        return UnknownGroupSettings;
      });
    this.cache.set(key, { at: now, value });
    if (this.cache.size > 5000) {
      for (const [k, entry] of this.cache) if (now - entry.at >= TtlMs) this.cache.delete(k);
    }
    return value;
  }
}
