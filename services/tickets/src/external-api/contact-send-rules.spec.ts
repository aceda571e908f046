import type { ConnectionRecord } from '@sb/contracts';
import { pickDefaultConnection } from './contact-send-rules.js';

const connection = (fields: Partial<ConnectionRecord>): ConnectionRecord =>
  ({
    id: 1,
    channel: 'whatsapp',
    status: 'CONNECTED',
    isDefault: false,
    ...fields,
  }) as ConnectionRecord;

describe('the connection a scheduled message leaves through', () => {
  it('is the default phone connection', () => {
    const chosen = pickDefaultConnection(
      [
        connection({ id: 1 }),
        connection({ id: 2, channel: 'facebook', isDefault: true }),
        connection({ id: 3, isDefault: true, channel: 'whatsappapi' }),
      ],
      'whatsapp',
    );
    expect(chosen.id).toBe(3);
  });

  it('is refused clearly without a default connection', () => {
    expect(() => pickDefaultConnection([connection({ id: 1 })], 'whatsapp')).toThrow(
      expect.objectContaining({ code: 'ERR_NO_DEF_WAPP_FOUND' }),
    );
    expect(() => pickDefaultConnection([], 'whatsappapi')).toThrow(
      expect.objectContaining({ code: 'ERR_NO_DEF_WAPP_FOUND' }),
    );
  });

  it('is refused clearly when the default connection is not connected', () => {
    expect(() =>
      pickDefaultConnection([connection({ isDefault: true, status: 'qrcode' })], 'whatsapp'),
    ).toThrow(expect.objectContaining({ code: 'ERR_WAPP_NOT_INITIALIZED' }));
  });

  it('refuses a Messenger or Instagram contact (no phone number to send to)', () => {
    expect(() => pickDefaultConnection([connection({ isDefault: true })], 'instagram')).toThrow(
      expect.objectContaining({ code: 'ERR_WAPP_INVALID_CONTACT' }),
    );
  });
});
