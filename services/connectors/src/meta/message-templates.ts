import { templateBodyParameters, type MessageTemplate } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { DriverConnection } from '../drivers/channel-driver.js';
import { GraphError, type GraphClient } from './graph-client.js';
import { isTransientGraphError } from './graph-errors.js';
import { isRecord } from './meta-inbound.js';

/** Templates asked per page, and the most pages read (Meta caps an account far below 2,000). */
const PageSize = 100;
const MaxPages = 20;
const Fields = 'name,language,status,category,components,parameter_format';

/**
 * The approved templates among Graph's `message_templates` nodes, by name then language: the BODY's
 * text and its parameters. Templates still in review, rejected, paused or disabled cannot be sent.
 */
export function approvedTemplates(nodes: readonly unknown[]): MessageTemplate[] {
  const approved: MessageTemplate[] = [];
  for (const node of nodes) {
    if (!isRecord(node) || node.status !== 'APPROVED') continue;
    if (typeof node.name !== 'string' || typeof node.language !== 'string') continue;
    const components = Array.isArray(node.components) ? node.components.filter(isRecord) : [];
    const bodyNode = components.find((c) => String(c.type).toUpperCase() === 'BODY');
    const body = typeof bodyNode?.text === 'string' ? bodyNode.text : '';
    const bodyParameters = templateBodyParameters(body);
    approved.push({
      name: node.name,
      language: node.language,
      category: typeof node.category === 'string' ? node.category : '',
      body,
      bodyParameters,
      bodyParameterCount: bodyParameters.length,
    });
  }
  return approved.sort(
    (a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language),
  );
}

/** A Graph refusal of the list: Meta is unreachable or busy (try later), or refused the account. */
function listError(error: unknown): Error {
  if (!(error instanceof GraphError))
    return error instanceof Error ? error : new Error(String(error));
  const details = { reason: error.message, graphCode: error.code };
  return isTransientGraphError(error)
    ? new AppError('ERR_SERVICE_UNAVAILABLE', { details })
    : new AppError('ERR_WAPP_TEMPLATES_UNAVAILABLE', { details });
}

/**
 * `GET /<WABA-ID>/message_templates` of a Cloud API connection, page after page (cursor paging),
 * with the number's access token. The WABA id is the connection's `businessAccountId` credential.
 */
export async function listCloudTemplates(
  graph: GraphClient,
  connection: DriverConnection,
): Promise<MessageTemplate[]> {
  const { businessAccountId, accessToken } = connection.credentials;
  if (!businessAccountId || !accessToken) {
    throw new AppError('ERR_WAPP_TEMPLATES_UNAVAILABLE', {
      details: { reason: 'the connection has no WhatsApp Business Account ID' },
    });
  }
  const nodes: unknown[] = [];
  let after: string | undefined;
  for (let page = 0; page < MaxPages; page += 1) {
    let reply: Record<string, unknown>;
    try {
      reply = await graph.get(`${encodeURIComponent(businessAccountId)}/message_templates`, {
        token: accessToken,
        // `status` narrows the list at Meta; approvedTemplates checks it again
        query: { fields: Fields, limit: String(PageSize), status: 'APPROVED', after },
      });
    } catch (error) {
      throw listError(error);
    }
    if (Array.isArray(reply.data)) nodes.push(...reply.data);
    const paging = isRecord(reply.paging) ? reply.paging : {};
    const cursors = isRecord(paging.cursors) ? paging.cursors : {};
    if (!paging.next || typeof cursors.after !== 'string') break;
    after = cursors.after;
  }
  return approvedTemplates(nodes);
}
