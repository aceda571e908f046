import { ExternalSendInput } from './external-api.js';

describe('external API input', () => {
  it('keeps the digits of a masked number and defaults the rest', () => {
    expect(ExternalSendInput.parse({ number: '+55 (11) 98888-0001' })).toEqual({
      number: '5511988880001',
      body: '',
      sendSignature: false,
      closeTicket: false,
    });
    expect(ExternalSendInput.parse({ number: 5511988880001 }).number).toBe('5511988880001');
  });

  it('refuses numbers with fewer than 8 or more than 20 digits, or none at all', () => {
    for (const number of ['1234567', '+1 (23) 45', 'abc', '1'.repeat(21)]) {
      const result = ExternalSendInput.safeParse({ number, body: 'x' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['number']);
    }
    expect(ExternalSendInput.safeParse({ body: 'x' }).success).toBe(false);
    expect(ExternalSendInput.safeParse({ number: '1'.repeat(20) }).success).toBe(true);
    expect(ExternalSendInput.safeParse({ number: '12345678' }).success).toBe(true);
  });

  it("reads multipart text: 'true'/'false' as booleans and ids as numbers, '' as not given", () => {
    expect(
      ExternalSendInput.parse({
        number: '5511988880001',
        body: 'Hi',
        userId: '7',
        queueId: '',
        sendSignature: 'true',
        closeTicket: 'false',
      }),
    ).toEqual({
      number: '5511988880001',
      body: 'Hi',
      userId: 7,
      sendSignature: true,
      closeTicket: false,
    });
    expect(
      ExternalSendInput.parse({ number: '5511988880001', closeTicket: true }).closeTicket,
    ).toBe(true);
  });

  it('refuses ids that are not positive integers and flags that are not booleans', () => {
    expect(ExternalSendInput.safeParse({ number: '5511988880001', userId: 'x' }).success).toBe(
      false,
    );
    expect(ExternalSendInput.safeParse({ number: '5511988880001', queueId: -1 }).success).toBe(
      false,
    );
    expect(
      ExternalSendInput.safeParse({ number: '5511988880001', sendSignature: 'yes' }).success,
    ).toBe(false);
  });
});
