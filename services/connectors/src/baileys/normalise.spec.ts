import type { WAMessage } from '@whiskeysockets/baileys';
import {
  ackOfStatus,
  jidOf,
  normaliseCall,
  normaliseMessage,
  peerFromJids,
  presenceOf,
} from './normalise.js';

const message = (
  content: WAMessage['message'],
  key: Partial<WAMessage['key']> = {},
): WAMessage => ({
  key: { remoteJid: '5511999990000@s.whatsapp.net', id: 'MSG1', fromMe: false, ...key },
  message: content,
  messageTimestamp: 1_700_000_000,
  pushName: 'Ana',
});

describe('peerFromJids', () => {
  it('keeps the phone number and the LID together, whichever comes first', () => {
    const expected = { number: '5511999990000', lid: '123456789', isGroup: false, name: 'Ana' };
    expect(peerFromJids('123456789@lid', '5511999990000@s.whatsapp.net', 'Ana')).toEqual(expected);
    expect(peerFromJids('5511999990000@s.whatsapp.net', '123456789@lid', 'Ana')).toEqual(expected);
  });

  it('falls back to the LID digits when no phone number is known, and reads groups', () => {
    expect(peerFromJids('123456789@lid')).toEqual({
      number: '123456789',
      lid: '123456789',
      isGroup: false,
    });
    expect(peerFromJids('12036304@g.us')).toEqual({ number: '12036304', isGroup: true });
    expect(peerFromJids('5511999990000:12@s.whatsapp.net').number).toBe('5511999990000');
  });
});

describe('normaliseMessage', () => {
  it('reads a text with its quote and timestamp', () => {
    const result = normaliseMessage(
      4,
      message(
        { extendedTextMessage: { text: 'hello', contextInfo: { stanzaId: 'Q1' } } },
        {
          remoteJidAlt: '999@lid',
        },
      ),
    );
    expect(result?.data).toEqual({
      connectionId: 4,
      channel: 'whatsapp',
      externalId: 'MSG1',
      fromMe: false,
      peer: { number: '5511999990000', lid: '999', isGroup: false, name: 'Ana' },
      kind: 'message',
      mediaType: 'chat',
      body: 'hello',
      quotedExternalId: 'Q1',
      sentAt: new Date(1_700_000_000_000).toISOString(),
    });
    expect(result?.media).toBeUndefined();
  });

  it('unwraps ephemeral messages and names the group participant', () => {
    const result = normaliseMessage(
      1,
      message(
        { ephemeralMessage: { message: { conversation: 'hi all' } } },
        { remoteJid: '1203@g.us', participant: '5511888@s.whatsapp.net' },
      ),
    );
    expect(result?.data.peer).toEqual({ number: '1203', isGroup: true });
    expect(result?.data.participant).toEqual({ number: '5511888', isGroup: false, name: 'Ana' });
    expect(result?.data.body).toBe('hi all');
  });

  it('asks for a download of media, with a file name', () => {
    const image = normaliseMessage(
      1,
      message({ imageMessage: { mimetype: 'image/jpeg', caption: 'look' } }),
    );
    expect(image?.data).toMatchObject({ mediaType: 'image', body: 'look' });
    expect(image?.media).toEqual({
      mediaType: 'image',
      mimeType: 'image/jpeg',
      fileName: 'MSG1.jpeg',
    });
    const doc = normaliseMessage(
      1,
      message({ documentMessage: { mimetype: 'application/pdf', fileName: 'bill.pdf' } }),
    );
    expect(doc?.media).toEqual({
      mediaType: 'application',
      mimeType: 'application/pdf',
      fileName: 'bill.pdf',
    });
    const audio = normaliseMessage(
      1,
      message({ audioMessage: { mimetype: 'audio/ogg; codecs=opus' } }),
    );
    expect(audio?.media?.mediaType).toBe('audio');
  });

  it('reads locations and vCards', () => {
    const location = normaliseMessage(
      1,
      message({
        locationMessage: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Office' },
      }),
    );
    expect(location?.data).toMatchObject({
      mediaType: 'locationMessage',
      location: { latitude: -23.5, longitude: -46.6, description: 'Office' },
    });
    const vcard = 'BEGIN:VCARD\nFN:Bob\nEND:VCARD';
    const contact = normaliseMessage(1, message({ contactMessage: { displayName: 'Bob', vcard } }));
    expect(contact?.data).toMatchObject({ mediaType: 'contactMessage', body: 'Bob', vcard });
  });

  it('reads reactions, edits and revokes with their target', () => {
    expect(
      normaliseMessage(1, message({ reactionMessage: { text: '👍', key: { id: 'T1' } } }))?.data,
    ).toMatchObject({
      kind: 'reaction',
      mediaType: 'reactionMessage',
      body: '👍',
      targetExternalId: 'T1',
    });
    expect(
      normaliseMessage(
        1,
        message({
          protocolMessage: {
            type: 14,
            key: { id: 'T2' },
            editedMessage: { conversation: 'fixed' },
          },
        }),
      )?.data,
    ).toMatchObject({ kind: 'edit', body: 'fixed', targetExternalId: 'T2' });
    expect(
      normaliseMessage(1, message({ protocolMessage: { type: 0, key: { id: 'T3' } } }))?.data,
    ).toMatchObject({ kind: 'revoke', targetExternalId: 'T3' });
  });

  it('skips status broadcasts, other protocol messages and empty ones', () => {
    expect(
      normaliseMessage(1, message({ conversation: 'x' }, { remoteJid: 'status@broadcast' })),
    ).toBeNull();
    expect(normaliseMessage(1, message({ protocolMessage: { type: 3 } }))).toBeNull();
    expect(normaliseMessage(1, message(null))).toBeNull();
    expect(normaliseMessage(1, message({ senderKeyDistributionMessage: {} }))).toBeNull();
  });
});

describe('calls, acks and presence', () => {
  it('turns an offered call into a call_log message', () => {
    const date = new Date('2026-01-01T10:00:00Z');
    expect(
      normaliseCall(2, {
        id: 'C1',
        from: '5511@s.whatsapp.net',
        status: 'offer',
        date,
        isVideo: true,
      }),
    ).toMatchObject({
      externalId: 'call-C1',
      mediaType: 'call_log',
      body: 'video call',
      sentAt: date.toISOString(),
    });
    expect(
      normaliseCall(2, { id: 'C1', from: '5511@s.whatsapp.net', status: 'accept', date }),
    ).toBeNull();
  });

  it('maps message status to acks and presences', () => {
    expect([0, 1, 2, 3, 4, 5].map(ackOfStatus)).toEqual([0, 0, 1, 2, 3, 4]);
    expect(ackOfStatus(undefined)).toBeNull();
    expect(presenceOf('composing')).toBe('composing');
    expect(presenceOf('paused')).toBe('available');
    expect(presenceOf(undefined)).toBeNull();
  });

  it('builds jids from peers', () => {
    expect(jidOf({ number: '+55 11 9999', isGroup: false })).toBe('55119999@s.whatsapp.net');
    expect(jidOf({ number: '1203', isGroup: true })).toBe('1203@g.us');
  });
});
