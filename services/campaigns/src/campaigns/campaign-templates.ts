import {
  CampaignMessages,
  isPositionalTemplate,
  messageVariants,
  type CampaignInput,
  type ChannelKind,
  type MessageTemplate,
  type SendMessageCommand,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { fillPlaceholders } from './campaign-rules.js';
import type { CampaignTemplate } from './campaigns.repository.js';

/** A connection as the template rules need it. */
export type TemplateConnection = { id: number; channel: ChannelKind };

/** The Cloud API connections among the campaign's: the ones a template is sent on. */
export const cloudConnectionIds = (
  whatsappIds: readonly number[],
  connections: readonly TemplateConnection[],
): number[] => {
  const cloud = new Set(connections.filter((c) => c.channel === 'whatsappapi').map((c) => c.id));
  return whatsappIds.filter((id) => cloud.has(id));
};

/**
 * The template a campaign stores, after the save's checks: the set has a Cloud API connection, the
 * template (name and language) is an approved one of each of them with as many body parameters as the
 * campaign gives, and a connection of another channel still has a text to send. `templatesOf` holds
 * the approved templates of each Cloud API connection of the set. Null when none is chosen.
 */
export function checkedTemplate(
  input: Pick<
    CampaignInput,
    'templateName' | 'templateLanguage' | 'templateParameters' | 'whatsappId'
  > &
    Parameters<typeof messageVariants>[0],
  connections: readonly TemplateConnection[],
  templatesOf: ReadonlyMap<number, readonly MessageTemplate[]>,
): CampaignTemplate | null {
  if (!input.templateName || !input.templateLanguage) return null;
  const cloud = cloudConnectionIds(input.whatsappId, connections);
  if (cloud.length === 0) {
    throw new AppError('ERR_WAPP_TEMPLATES_UNSUPPORTED', {
      fields: { whatsappId: [CampaignMessages.templateNeedsCloudApi] },
    });
  }
  let chosen: MessageTemplate | undefined;
  for (const id of cloud) {
    const found = (templatesOf.get(id) ?? []).find(
      (t) => t.name === input.templateName && t.language === input.templateLanguage,
    );
    if (!found) {
      throw new AppError('ERR_NO_TEMPLATE_FOUND', {
        fields: { templateName: [CampaignMessages.templateNotFound] },
      });
    }
    if (found.bodyParameterCount !== input.templateParameters.length) {
      throw new AppError('ERR_VALIDATION', {
        fields: { templateParameters: [CampaignMessages.templateParameterCount] },
        details: { expected: found.bodyParameterCount },
      });
    }
    chosen ??= found;
  }
  if (cloud.length < input.whatsappId.length && messageVariants(input).length === 0) {
    throw new AppError('ERR_VALIDATION', {
      fields: { message1: [CampaignMessages.messageRequired] },
    });
  }
  return {
    name: input.templateName,
    language: input.templateLanguage,
    parameters: input.templateParameters,
    parameterNames: chosen!.bodyParameters,
  };
}

/**
 * What a shipping's message step sends: on a Cloud API connection of a campaign with a template, the
 * template with each parameter's placeholders filled like the text's; otherwise the (filled) text, or
 * nothing when it is empty. A template whose connection's channel is not known cannot be decided: the
 * step is put off (ERR_SERVICE_UNAVAILABLE) rather than sent as a text Meta would refuse.
 */
export function messageContent(options: {
  template: CampaignTemplate | null;
  channel: ChannelKind | undefined;
  text: string;
  values: Record<string, string>;
}): Pick<SendMessageCommand, 'body' | 'template'> | null {
  const { template, channel, text, values } = options;
  if (template && channel === undefined) {
    throw new AppError('ERR_SERVICE_UNAVAILABLE', {
      details: { reason: "the connection's channel is not known" },
    });
  }
  if (template && channel === 'whatsappapi') {
    const named = !isPositionalTemplate(template.parameterNames);
    return {
      body: '',
      template: {
        name: template.name,
        language: template.language,
        bodyParameters: template.parameters.map((parameter, index) => ({
          text: fillPlaceholders(parameter, values),
          ...(named && template.parameterNames[index]
            ? { name: template.parameterNames[index] }
            : {}),
        })),
      },
    };
  }
  return text.trim() === '' ? null : { body: text };
}
