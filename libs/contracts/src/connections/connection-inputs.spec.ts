import { ConnectionCreateInput, ConnectionUpdateInput } from './connection-inputs.js';

describe('connection inputs', () => {
  it('fills the defaults of spec 2 §3 on create', () => {
    expect(ConnectionCreateInput.parse({ name: 'Main' })).toMatchObject({
      isDefault: false,
      provider: 'beta',
      maxUseBotQueues: 3,
      maxUseBotQueuesNPS: 3,
      whenExpiresTicket: '0',
      groupAsTicket: 'disabled',
      greetingMessage: null,
      sendIdQueue: null,
      integrationId: null,
      promptId: null,
      queueIds: [],
      channel: 'whatsapp',
    });
  });

  it('keeps an update to the fields it names, with the same rules and no defaults', () => {
    expect(ConnectionUpdateInput.parse({ name: 'Renamed' })).toEqual({ name: 'Renamed' });
    expect(ConnectionUpdateInput.parse({ greetingMessage: '  ', sendIdQueue: null })).toEqual({
      greetingMessage: null,
      sendIdQueue: null,
    });
    expect(ConnectionUpdateInput.safeParse({ name: 'M' }).success).toBe(false);
    expect(ConnectionUpdateInput.safeParse({ timeCreateNewTicket: -1 }).success).toBe(false);
    expect(ConnectionUpdateInput.safeParse({ whenExpiresTicket: '2' }).success).toBe(false);
    expect(ConnectionUpdateInput.safeParse({ groupAsTicket: 'yes' }).success).toBe(false);
  });
});
