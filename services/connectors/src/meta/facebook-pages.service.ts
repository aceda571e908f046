import { Inject, Injectable } from '@nestjs/common';
import {
  FacebookConnectInput,
  Subjects,
  type ConnectionRecord,
  type FacebookConnectReply,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { type CallContext, requireAdmin } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import { BUS, BusHandler } from '@sb/platform/nest';
import { ConnectionsRepository } from '../connections/connections.repository.js';
import { GraphError } from './graph-client.js';
import { isTransientGraphError } from './graph-errors.js';
import { asArray, asString, isRecord } from './meta-inbound.js';
import type { MetaRuntime } from './meta-runtime.js';
import { META_RUNTIME } from './meta.tokens.js';

/** One connection to create (or whose token to refresh) for a page or its Instagram account. */
export type PageConnection = {
  channel: 'facebook' | 'instagram';
  name: string;
  externalId: string;
  credentials: Record<string, string>;
};

/** The pages of /me/accounts as connections; pages without a token (no permission) are left out. */
export function pageConnectionsOf(accounts: unknown, addInstagram: boolean): PageConnection[] {
  const wanted: PageConnection[] = [];
  for (const page of asArray(accounts)) {
    if (!isRecord(page)) continue;
    const pageId = asString(page.id);
    const pageAccessToken = asString(page.access_token);
    if (!pageId || !pageAccessToken) continue;
    const pageName = asString(page.name) ?? `Page ${pageId}`;
    wanted.push({
      channel: 'facebook',
      name: pageName,
      externalId: pageId,
      credentials: { pageId, pageAccessToken },
    });
    const instagram = isRecord(page.instagram_business_account)
      ? page.instagram_business_account
      : undefined;
    const instagramId = instagram ? asString(instagram.id) : undefined;
    if (addInstagram && instagram && instagramId) {
      wanted.push({
        channel: 'instagram',
        name: asString(instagram.username) ?? asString(instagram.name) ?? `${pageName} Instagram`,
        externalId: instagramId,
        credentials: { pageId, pageAccessToken, instagramId },
      });
    }
  }
  return wanted;
}

/** A connection name (2 to 50 characters) not yet used in the company. */
export function uniqueName(wanted: string, taken: Set<string>): string {
  const base = (wanted.trim() || 'Facebook').slice(0, 44).padEnd(2, '_');
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base} (${n})`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * POST /facebook: the pages a Facebook user manages become connections (and their Instagram business
 * accounts with addInstagram). Rows are created through the connections domain's own requests, so plan
 * flags (useFacebook / useInstagram), limits and events stay its business; a page already connected
 * gets its new token.
 */
@Injectable()
export class FacebookPagesService {
  constructor(
    @Inject(META_RUNTIME) private readonly meta: MetaRuntime,
    @Inject(BUS) private readonly bus: Bus,
    private readonly connections: ConnectionsRepository,
  ) {}

  @BusHandler(Subjects.connectors.facebookConnect)
  async connect(ctx: CallContext, data: unknown): Promise<FacebookConnectReply> {
    const { companyId } = requireAdmin(ctx);
    const input = parseInput(FacebookConnectInput, data);
    const userToken = await this.longLived(input.facebookUserToken);
    const accounts = await this.graphCall(() =>
      this.meta.graph.get('me/accounts', {
        token: userToken,
        query: {
          fields: 'id,name,access_token,instagram_business_account{id,username,name}',
          limit: '100',
        },
      }),
    );
    const wanted = pageConnectionsOf(accounts.data, input.addInstagram);
    const connections: ConnectionRecord[] = [];
    for (const page of wanted) {
      connections.push(await this.upsert(ctx, companyId, page));
    }
    return { connections };
  }

  private async upsert(
    ctx: CallContext,
    companyId: number,
    page: PageConnection,
  ): Promise<ConnectionRecord> {
    const existing = await this.connections.findByChannelPage(
      companyId,
      page.channel,
      page.externalId,
    );
    if (existing) {
      const current = await this.bus.request(Subjects.connectors.connectionGet, {
        ctx,
        data: { id: existing.id },
      });
      return this.bus.request(Subjects.connectors.connectionUpdate, {
        ctx,
        data: { ...current, id: current.id, credentials: page.credentials },
      });
    }
    return this.bus.request(Subjects.connectors.connectionCreate, {
      ctx,
      data: {
        name: uniqueName(page.name, await this.connections.names(companyId)),
        channel: page.channel,
        credentials: page.credentials,
      },
    });
  }

  /** With META_APP_ID and META_APP_SECRET the login's short-lived token becomes a 60-day one. */
  private async longLived(userToken: string): Promise<string> {
    const app = this.meta.app;
    if (!app) return userToken;
    const reply = await this.graphCall(() =>
      this.meta.graph.get('oauth/access_token', {
        query: {
          grant_type: 'fb_exchange_token',
          client_id: app.id,
          client_secret: app.secret,
          fb_exchange_token: userToken,
        },
      }),
    );
    return asString(reply.access_token) ?? userToken;
  }

  private async graphCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof GraphError && isTransientGraphError(err)) {
        throw new AppError('ERR_SERVICE_UNAVAILABLE', { message: 'Facebook did not answer.' });
      }
      if (err instanceof GraphError) {
        throw new AppError('ERR_VALIDATION', {
          fields: { facebookUserToken: [err.message] },
        });
      }
      throw err;
    }
  }
}
