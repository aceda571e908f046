import type { Connection } from './connection.entity.js';
import { connectionOfToken } from './connection-tokens.handler.js';

const row = (id: number, companyId: number): Connection =>
  ({ id, companyId, channel: 'whatsappapi', status: 'CONNECTED' }) as Connection;

describe('connection of an external API token', () => {
  it('answers the one connection that has the token', () => {
    expect(connectionOfToken([row(4, 9)])).toEqual({
      connectionId: 4,
      companyId: 9,
      channel: 'whatsappapi',
      status: 'CONNECTED',
    });
  });

  it('refuses an unknown token and a token two connections share', () => {
    expect(() => connectionOfToken([])).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_API_TOKEN' }),
    );
    expect(() => connectionOfToken([row(4, 9), row(5, 10)])).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_API_TOKEN' }),
    );
  });
});
