import { AppError } from '@sb/platform/errors';
import { templateRefusal } from '../drivers/channel-driver.js';
import { templateContent } from './cloud-api-driver.js';
import { GraphClient } from './graph-client.js';
import { approvedTemplates, listCloudTemplates } from './message-templates.js';

const node = (name: string, status: string, body: string, language = 'pt_BR') => ({
  name,
  language,
  status,
  category: 'MARKETING',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Oi' },
    { type: 'BODY', text: body },
  ],
});

describe('Cloud API message templates', () => {
  it('keeps the approved templates, with their body and its parameters, by name and language', () => {
    const templates = approvedTemplates([
      node('zeta', 'APPROVED', 'Olá {{1}}, pedido {{2}}'),
      node('alpha', 'PENDING', 'Not yet {{1}}'),
      node('beta', 'APPROVED', 'Hi {{first_name}}', 'en_US'),
      node('beta', 'APPROVED', 'Oi {{first_name}}', 'pt_BR'),
      node('gamma', 'REJECTED', 'No'),
      'not a template',
      { name: 'no_body', language: 'en', status: 'APPROVED', components: [] },
    ]);
    expect(templates.map((t) => `${t.name}/${t.language}`)).toEqual([
      'beta/en_US',
      'beta/pt_BR',
      'no_body/en',
      'zeta/pt_BR',
    ]);
    expect(templates[3]).toEqual({
      name: 'zeta',
      language: 'pt_BR',
      category: 'MARKETING',
      body: 'Olá {{1}}, pedido {{2}}',
      bodyParameters: ['1', '2'],
      bodyParameterCount: 2,
    });
    expect(templates[0]!.bodyParameters).toEqual(['first_name']);
    expect(templates[2]).toMatchObject({ body: '', bodyParameterCount: 0, category: '' });
  });

  it('reads every page of the account, with the number token', async () => {
    const asked: URL[] = [];
    const pages = [
      { data: [node('a', 'APPROVED', 'A')], paging: { cursors: { after: 'c1' }, next: 'x' } },
      { data: [node('b', 'APPROVED', 'B {{1}}')], paging: { cursors: { after: 'c2' } } },
    ];
    const graph = new GraphClient({
      baseUrl: 'http://graph.test/v26.0',
      fetch: (async (url: URL) => {
        asked.push(url);
        return new Response(JSON.stringify(pages[asked.length - 1]), { status: 200 });
      }) as typeof fetch,
    });
    const connection = {
      id: 1,
      companyId: 1,
      channel: 'whatsappapi' as const,
      name: 'Cloud',
      credentials: { phoneNumberId: '1', accessToken: 't', businessAccountId: '99' },
    };
    const templates = await listCloudTemplates(graph, connection);
    expect(templates.map((t) => t.name)).toEqual(['a', 'b']);
    expect(asked.map((url) => url.pathname)).toEqual([
      '/v26.0/99/message_templates',
      '/v26.0/99/message_templates',
    ]);
    expect(asked[1]!.searchParams.get('after')).toBe('c1');
    expect(asked[0]!.searchParams.get('status')).toBe('APPROVED');

    const without = { ...connection, credentials: { phoneNumberId: '1', accessToken: 't' } };
    await expect(listCloudTemplates(graph, without)).rejects.toMatchObject({
      code: 'ERR_WAPP_TEMPLATES_UNAVAILABLE',
    });
  });

  it('turns a refusal of the list into the catalogue: unavailable for good, or for now', async () => {
    const answering = (status: number, code: number) =>
      new GraphClient({
        baseUrl: 'http://graph.test/v26.0',
        fetch: (async () =>
          new Response(JSON.stringify({ error: { message: 'nope', code } }), {
            status,
          })) as unknown as typeof fetch,
      });
    const connection = {
      id: 1,
      companyId: 1,
      channel: 'whatsappapi' as const,
      name: 'Cloud',
      credentials: { phoneNumberId: '1', accessToken: 't', businessAccountId: '99' },
    };
    await expect(listCloudTemplates(answering(401, 190), connection)).rejects.toMatchObject({
      code: 'ERR_WAPP_TEMPLATES_UNAVAILABLE',
      details: { reason: 'nope', graphCode: 190 },
    });
    await expect(listCloudTemplates(answering(503, 2), connection)).rejects.toMatchObject({
      code: 'ERR_SERVICE_UNAVAILABLE',
    });
  });

  it('sends the body values as text parameters, named ones with their names', () => {
    expect(templateContent({ name: 'hello_world', language: 'en_US' })).toEqual({
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    });
    expect(
      templateContent({
        name: 'order_update',
        language: 'pt_BR',
        bodyParameters: [{ text: 'Ana' }, { text: '42', name: 'order' }],
      }),
    ).toEqual({
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', parameter_name: 'order', text: '42' },
            ],
          },
        ],
      },
    });
  });

  it('other channels refuse a template for good', () => {
    const refusal = templateRefusal('whatsapp');
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal.code).toBe('ERR_WAPP_TEMPLATES_UNSUPPORTED');
    expect(refusal.details).toMatchObject({ refused: true });
  });
});
