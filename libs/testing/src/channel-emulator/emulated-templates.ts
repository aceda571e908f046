import { renderTemplateBody, templateBodyParameters } from '@sb/contracts';

/** A message template of an emulated WhatsApp Business Account, as Meta's WhatsApp Manager keeps it. */
export type EmulatedTemplate = {
  name: string;
  language: string;
  status: 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED';
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  /** the BODY text, with `{{1}}`… (or `{{name}}` parameters for a NAMED template) */
  body: string;
  header?: string;
  footer?: string;
};

/** A Graph API refusal (HTTP status, Graph code, message, `error_data.details`). */
export type TemplateRefusal = { status: number; code: number; message: string; details: string };

/**
 * The templates every WhatsApp Business Account has unless a test sets its own: Meta's sample
 * `hello_world`, two approved Portuguese ones with body parameters and one still waiting for review.
 */
export const DefaultTemplates: readonly EmulatedTemplate[] = [
  {
    name: 'hello_world',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    header: 'Hello World',
    body: 'Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta.',
    footer: 'WhatsApp Business Platform sample message',
  },
  {
    name: 'order_update',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    body: 'Olá {{1}}, seu pedido {{2}} foi enviado.',
  },
  {
    name: 'seasonal_promo',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'MARKETING',
    header: 'Promoção',
    body: 'Oi {{1}}! A promoção começou: use o cupom {{2}} até domingo.',
    footer: 'Responda SAIR para não receber mais',
  },
  {
    name: 'new_arrivals',
    language: 'pt_BR',
    status: 'PENDING',
    category: 'MARKETING',
    body: 'Chegaram novidades, {{1}}!',
  },
];

const isPositional = (template: EmulatedTemplate) =>
  templateBodyParameters(template.body).every((name) => /^\d+$/.test(name));

/** A template as `GET /<WABA-ID>/message_templates` answers it (with sample values, as Meta keeps). */
export function templateNode(template: EmulatedTemplate, id: string): Record<string, unknown> {
  const parameters = templateBodyParameters(template.body);
  const positional = isPositional(template);
  const example =
    parameters.length === 0
      ? {}
      : positional
        ? { example: { body_text: [parameters.map((name) => `sample ${name}`)] } }
        : {
            example: {
              body_text_named_params: parameters.map((name) => ({
                param_name: name,
                example: `sample ${name}`,
              })),
            },
          };
  const components: Record<string, unknown>[] = [
    ...(template.header ? [{ type: 'HEADER', format: 'TEXT', text: template.header }] : []),
    { type: 'BODY', text: template.body, ...example },
    ...(template.footer ? [{ type: 'FOOTER', text: template.footer }] : []),
  ];
  return {
    name: template.name,
    parameter_format: positional ? 'POSITIONAL' : 'NAMED',
    components,
    language: template.language,
    status: template.status,
    category: template.category,
    id,
  };
}

type SentParameter = { type?: unknown; text?: unknown; parameter_name?: unknown };

/**
 * What a `type: template` send of `content` (the body's `template` object) becomes: Graph's refusal
 * when the template is not an approved one of the account (132001) or its body values do not match
 * (132000), else the text the customer reads (header and body, values in place).
 */
export function templateSend(
  templates: readonly EmulatedTemplate[],
  content: Record<string, unknown>,
): { refusal: TemplateRefusal } | { text: string } {
  const name = String(content.name ?? '');
  const language = String((content.language as { code?: unknown } | undefined)?.code ?? '');
  const template = templates.find(
    (t) => t.name === name && t.language === language && t.status === 'APPROVED',
  );
  if (!template) {
    return {
      refusal: {
        status: 404,
        code: 132001,
        message: '(#132001) Template name does not exist in the translation',
        details: `template name (${name}) does not exist in ${language}`,
      },
    };
  }
  const components = Array.isArray(content.components)
    ? (content.components as { type?: unknown; parameters?: unknown }[])
    : [];
  const body = components.find((c) => String(c.type).toLowerCase() === 'body');
  const sent = (Array.isArray(body?.parameters) ? body.parameters : []) as SentParameter[];
  const expected = templateBodyParameters(template.body);
  const values = expected.map((parameter, index) => {
    const value = isPositional(template)
      ? sent[index]
      : sent.find((candidate) => candidate.parameter_name === parameter);
    return value?.type === 'text' && typeof value.text === 'string' && value.text.trim() !== ''
      ? value.text
      : undefined;
  });
  if (sent.length !== expected.length || values.some((value) => value === undefined)) {
    return {
      refusal: {
        status: 400,
        code: 132000,
        message: '(#132000) Number of parameters does not match the expected number of params',
        details: `body: number of localizable_params (${sent.length}) does not match the expected number of params (${expected.length})`,
      },
    };
  }
  const text = renderTemplateBody(template.body, values as string[]);
  return { text: template.header ? `${template.header}\n${text}` : text };
}
