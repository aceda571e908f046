import type { MessageTemplate } from '@sb/contracts';
import type { AppError } from '@sb/platform/errors';
import { placeholderValues } from './campaign-rules.js';
import { checkedTemplate, messageContent } from './campaign-templates.js';

const orderUpdate: MessageTemplate = {
  name: 'order_update',
  language: 'pt_BR',
  category: 'UTILITY',
  body: 'Olá {{1}}, seu pedido {{2}} foi enviado.',
  bodyParameters: ['1', '2'],
  bodyParameterCount: 2,
};
const connections = [
  { id: 7, channel: 'whatsapp' as const },
  { id: 8, channel: 'whatsappapi' as const },
  { id: 9, channel: 'whatsappapi' as const },
];
const input = {
  templateName: 'order_update',
  templateLanguage: 'pt_BR',
  templateParameters: ['{firstName}', 'nº {numero}'],
  whatsappId: [8],
};
const both = new Map([
  [8, [orderUpdate]],
  [9, [orderUpdate]],
]);
/** The code and fields of the error `run` throws. */
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    const { code, fields } = err as AppError;
    return { code, fields };
  }
  throw new Error('no error');
};

describe('a campaign template, when saved', () => {
  it('is stored with the names of its parameters, or null when none is chosen', () => {
    expect(checkedTemplate(input, connections, both)).toEqual({
      name: 'order_update',
      language: 'pt_BR',
      parameters: ['{firstName}', 'nº {numero}'],
      parameterNames: ['1', '2'],
    });
    expect(checkedTemplate({ ...input, templateName: null }, connections, both)).toBeNull();
  });

  it('needs a Cloud API connection in the set', () => {
    expect(
      refusal(() => checkedTemplate({ ...input, whatsappId: [7] }, connections, both)),
    ).toEqual({
      code: 'ERR_WAPP_TEMPLATES_UNSUPPORTED',
      fields: { whatsappId: ['Templates are sent on Cloud API connections: select one'] },
    });
  });

  it('must be an approved template of every Cloud API connection of the set', () => {
    const onlyOne = new Map([
      [8, [orderUpdate]],
      [9, []],
    ]);
    expect(
      refusal(() => checkedTemplate({ ...input, whatsappId: [8, 9] }, connections, onlyOne)),
    ).toMatchObject({
      code: 'ERR_NO_TEMPLATE_FOUND',
      fields: { templateName: [expect.any(String)] },
    });
    expect(
      refusal(() => checkedTemplate({ ...input, templateLanguage: 'en_US' }, connections, both)),
    ).toMatchObject({ code: 'ERR_NO_TEMPLATE_FOUND' });
  });

  it('gives one text per body parameter', () => {
    for (const templateParameters of [['{firstName}'], ['a', 'b', 'c'], []]) {
      expect(
        refusal(() => checkedTemplate({ ...input, templateParameters }, connections, both)),
      ).toEqual({
        code: 'ERR_VALIDATION',
        fields: { templateParameters: ['The template takes another number of parameters'] },
      });
    }
  });

  it('still needs a text for the connections of other channels', () => {
    expect(
      refusal(() => checkedTemplate({ ...input, whatsappId: [7, 8] }, connections, both)),
    ).toEqual({ code: 'ERR_VALIDATION', fields: { message1: ['Write at least one message'] } });
    expect(
      checkedTemplate({ ...input, whatsappId: [7, 8], message2: 'Oi {nome}' }, connections, both),
    ).not.toBeNull();
  });
});

describe("a shipping's message step", () => {
  const template = {
    name: 'order_update',
    language: 'pt_BR',
    parameters: ['{firstName}', 'nº {numero} {unknown}'],
    parameterNames: ['1', '2'],
  };
  const values = placeholderValues({
    contact: { name: 'Ana Souza', number: '5511988887777', email: '' },
    connectionName: 'Cloud',
    variables: [],
    now: new Date('2026-05-01T12:00:00Z'),
    timeZone: 'America/Sao_Paulo',
    shippingId: 1,
  });

  it('sends the template on a Cloud API connection, its parameters filled like the text', () => {
    expect(messageContent({ template, channel: 'whatsappapi', text: 'Oi Ana', values })).toEqual({
      body: '',
      template: {
        name: 'order_update',
        language: 'pt_BR',
        bodyParameters: [{ text: 'Ana' }, { text: 'nº 5511988887777 {unknown}' }],
      },
    });
  });

  it("names a NAMED template's values", () => {
    const named = { ...template, parameterNames: ['first_name', 'order'] };
    expect(
      messageContent({ template: named, channel: 'whatsappapi', text: '', values })?.template
        ?.bodyParameters,
    ).toEqual([
      { text: 'Ana', name: 'first_name' },
      { text: 'nº 5511988887777 {unknown}', name: 'order' },
    ]);
  });

  it('sends the text on other channels and without a template, nothing when it is empty', () => {
    expect(messageContent({ template, channel: 'whatsapp', text: 'Oi Ana', values })).toEqual({
      body: 'Oi Ana',
    });
    expect(messageContent({ template: null, channel: 'whatsappapi', text: 'Oi', values })).toEqual({
      body: 'Oi',
    });
    expect(messageContent({ template: null, channel: 'whatsapp', text: '  ', values })).toBeNull();
  });

  it("is put off when the connection's channel is not known and a template may be due", () => {
    expect(
      refusal(() => messageContent({ template, channel: undefined, text: 'Oi', values })),
    ).toMatchObject({ code: 'ERR_SERVICE_UNAVAILABLE' });
    expect(messageContent({ template: null, channel: undefined, text: 'Oi', values })).toEqual({
      body: 'Oi',
    });
  });
});
