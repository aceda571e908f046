import { Inject, Injectable } from '@nestjs/common';
import { Subjects, type MessageTemplate } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';
import { BusHandler } from '@sb/platform/nest';
import { companyCaller } from '../connections/connection-rules.js';
import { toDriverConnection } from '../connections/connection-view.js';
import { ConnectionsRepository } from '../connections/connections.repository.js';
import { listCloudTemplates } from './message-templates.js';
import type { MetaRuntime } from './meta-runtime.js';
import { META_RUNTIME } from './meta.tokens.js';

/**
 * `connectors.template.list`: the approved message templates of one of the caller's Cloud API
 * connections (another company's id is not found; another channel has no templates). The list is
 * read from Meta at each call: templates are approved, paused or deleted in WhatsApp Manager.
 */
@Injectable()
export class MessageTemplatesService {
  constructor(
    @Inject(META_RUNTIME) private readonly meta: MetaRuntime,
    private readonly connections: ConnectionsRepository,
  ) {}

  @BusHandler(Subjects.connectors.templateList)
  async list(ctx: CallContext, data: unknown): Promise<MessageTemplate[]> {
    const { companyId } = companyCaller(ctx);
    const connectionId = Number((data as { connectionId?: unknown } | null)?.connectionId);
    if (!Number.isInteger(connectionId) || connectionId <= 0) {
      throw new AppError('ERR_VALIDATION', { fields: { connectionId: ['Invalid'] } });
    }
    const row = await this.connections.getById(companyId, connectionId);
    if (row.channel !== 'whatsappapi') throw new AppError('ERR_WAPP_TEMPLATES_UNSUPPORTED');
    return listCloudTemplates(this.meta.graph, toDriverConnection(row));
  }
}
