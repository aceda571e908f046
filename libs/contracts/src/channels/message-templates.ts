/**
 * WhatsApp message templates (Cloud API only): Meta accepts a business-initiated message outside the
 * contact's 24-hour window only as an approved template of the number's WhatsApp Business Account
 * (WABA). Templates are made and approved in Meta's WhatsApp Manager; Switchboard lists and sends them.
 */

/**
 * One approved template as `connectors.template.list` answers it. Only the BODY is filled by the sender
 * (text parameters); header, footer and buttons stay as approved.
 */
export type MessageTemplate = {
  name: string;
  /** Meta's language code, e.g. `pt_BR`, `en_US` (a name can exist in several languages) */
  language: string;
  /** MARKETING, UTILITY or AUTHENTICATION */
  category: string;
  /** the BODY text as approved, with its `{{1}}` (or `{{name}}`) parameters */
  body: string;
  /** the body's parameters in their order of first use: `['1', '2']`, or a NAMED template's names */
  bodyParameters: string[];
  /** how many values a send must give (bodyParameters.length) */
  bodyParameterCount: number;
};

/** Request `connectors.template.list`: the approved templates of one Cloud API connection of the caller. */
export type MessageTemplatesRequest = { connectionId: number };

/** One body value of a template send; a NAMED template's values carry their parameter's name. */
export type TemplateParameterValue = { text: string; name?: string };

/** The `template` of a `connectors.message.send` command (only the Cloud API driver sends it). */
export type TemplateSend = {
  name: string;
  language: string;
  /** the body's values, in the order of `MessageTemplate.bodyParameters` */
  bodyParameters?: TemplateParameterValue[];
};

/** `{{1}}` or `{{first_name}}` (Meta's two parameter formats), spaces inside the braces allowed. */
const TemplateParameterPattern = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** A body's parameters in the order of their first use, each once. */
export const templateBodyParameters = (body: string): string[] => [
  ...new Set([...body.matchAll(TemplateParameterPattern)].map((match) => match[1]!)),
];

/** Whether a template's parameters are positional (`{{1}}`, `{{2}}`), which are sent without names. */
export const isPositionalTemplate = (parameters: readonly string[]): boolean =>
  parameters.every((name) => /^\d+$/.test(name));

/** A body with its parameters replaced by `values` (given in `templateBodyParameters` order). */
export const renderTemplateBody = (body: string, values: readonly string[]): string => {
  const order = templateBodyParameters(body);
  return body.replace(TemplateParameterPattern, (whole, name: string) => {
    const index = order.indexOf(name);
    return index >= 0 && index < values.length ? values[index]! : whole;
  });
};
