import type { ChannelPeer, InboundMessageEventData } from '@sb/contracts';
import {
  contactChanges,
  countsAsUnread,
  groupSettingsOf,
  inboundMessageFields,
  intoRounds,
  lockKeys,
  lockOrder,
  pickContact,
  messageTime,
  planInboundTicket,
  skipReason,
  UnknownGroupSettings,
  type ContactFacts,
  type ContactRow,
} from './inbound-rules.js';

const groupsOn = { allowGroup: true, groupAsTicket: false };
const event = (over: Partial<InboundMessageEventData> = {}): InboundMessageEventData => ({
  connectionId: 3,
  channel: 'whatsapp',
  externalId: 'wa-1',
  fromMe: false,
  peer: { number: '5511988887777', isGroup: false },
  kind: 'message',
  mediaType: 'chat',
  body: 'hi',
  sentAt: '2024-05-01T10:00:00.000Z',
  ...over,
});

describe('skipReason', () => {
  it('skips status broadcasts, empty peers, withdrawn reactions and groups the connection refuses', () => {
    expect(skipReason(event({ peer: { number: 'status', isGroup: false } }), groupsOn)).toBe(
      'status-broadcast',
    );
    expect(
      skipReason(event({ peer: { number: 'status@broadcast', isGroup: true } }), groupsOn),
    ).toBe('status-broadcast');
    expect(skipReason(event({ peer: { number: '+ -', isGroup: false } }), groupsOn)).toBe(
      'empty-peer',
    );
    expect(skipReason(event({ kind: 'reaction', body: ' ' }), groupsOn)).toBe('reaction-removed');
    const group = event({ peer: { number: '1203630@g.us', isGroup: true } });
    expect(skipReason(group, { allowGroup: false, groupAsTicket: false })).toBe(
      'group-not-allowed',
    );
    expect(skipReason(group, groupsOn)).toBeNull();
    expect(skipReason(group, UnknownGroupSettings)).toBeNull();
    expect(skipReason(event(), { allowGroup: false, groupAsTicket: false })).toBeNull();
  });
});

describe('lockOrder', () => {
  it('lists each key once, by company then key', () => {
    expect(
      lockOrder([
        { companyId: 2, key: 'b' },
        { companyId: 1, key: 'z' },
        { companyId: 2, key: 'a' },
        { companyId: 2, key: 'b' },
      ]),
    ).toEqual([
      { companyId: 1, key: 'z' },
      { companyId: 2, key: 'a' },
      { companyId: 2, key: 'b' },
    ]);
  });
});

describe('intoRounds', () => {
  it("keeps one person per round, each person's messages in order", () => {
    const items = [
      { id: 1, keys: ['a'] },
      { id: 2, keys: ['b'] },
      { id: 3, keys: ['a', 'c'] },
      { id: 4, keys: ['c'] },
      { id: 5, keys: ['d'] },
      { id: 6, keys: ['b'] },
    ];
    const rounds = intoRounds(items, (item) => item.keys).map((round) => round.map((i) => i.id));
    expect(rounds).toEqual([[1, 2, 5], [3, 6], [4]]);
    expect(intoRounds([], () => [])).toEqual([]);
  });
});

describe('lockKeys', () => {
  it('gives one person the same key whichever identifier a message carries, sorted', () => {
    const byNumber = lockKeys('whatsapp', [
      { number: '+55 11 98888-7777', lid: '999', isGroup: false },
    ]);
    const byLid = lockKeys('whatsapp', [{ number: '999', lid: '999', isGroup: false }]);
    expect(byNumber).toEqual(['whatsapp:l:999', 'whatsapp:n:5511988887777']);
    expect(byLid.some((key) => byNumber.includes(key))).toBe(true);
    expect(lockKeys('whatsapp', [{ number: 'g1@g.us', isGroup: true }, undefined])).toEqual([
      'whatsapp:n:g1@g.us',
    ]);
  });
});

describe('contactChanges', () => {
  const existing: ContactFacts = {
    name: '5511988887777',
    number: '5511988887777',
    lid: null,
    isGroup: false,
    urlPicture: null,
  };
  const peer = (over: Partial<ChannelPeer>): ChannelPeer => ({
    number: '5511988887777',
    isGroup: false,
    ...over,
  });

  it('names a contact only while its name is still the number', () => {
    expect(contactChanges(existing, peer({ name: 'Maria' }))).toEqual({ name: 'Maria' });
    expect(contactChanges({ ...existing, name: 'Maria S.' }, peer({ name: 'Maria' }))).toEqual({});
  });

  it('learns the LID, and the phone number of a contact known only by its LID', () => {
    expect(contactChanges(existing, peer({ lid: '4455' }))).toEqual({ lid: '4455' });
    const lidOnly = { ...existing, name: '4455', number: '4455', lid: '4455' };
    expect(contactChanges(lidOnly, peer({ lid: '4455' }))).toEqual({
      number: '5511988887777',
      name: '5511988887777',
    });
  });

  it('keeps a group named after its subject and updates pictures', () => {
    const group = { ...existing, name: 'Old', number: 'g1@g.us', isGroup: true };
    expect(contactChanges(group, { number: 'g1@g.us', isGroup: true, name: 'New' })).toEqual({
      name: 'New',
    });
    expect(contactChanges(existing, peer({ pictureUrl: 'https://x/p.jpg' }))).toEqual({
      urlPicture: 'https://x/p.jpg',
    });
    expect(contactChanges(existing, peer({}))).toEqual({});
  });
});

describe('planInboundTicket', () => {
  const base = { active: null, latest: null, isGroup: false, imported: false, groups: groupsOn };

  it('reuses the active ticket, reopens a closed one as pending, else creates a pending one', () => {
    expect(planInboundTicket({ ...base, active: { status: 'open' } })).toEqual({ kind: 'reuse' });
    expect(planInboundTicket({ ...base, latest: { status: 'closed' } })).toEqual({
      kind: 'reopen',
      status: 'pending',
    });
    expect(planInboundTicket(base)).toEqual({ kind: 'create', status: 'pending' });
  });

  it('opens group tickets unless the connection treats groups as tickets', () => {
    expect(planInboundTicket({ ...base, isGroup: true })).toEqual({
      kind: 'create',
      status: 'group',
    });
    expect(
      planInboundTicket({
        ...base,
        isGroup: true,
        groups: { allowGroup: true, groupAsTicket: true },
      }),
    ).toEqual({ kind: 'create', status: 'pending' });
  });

  it("makes an imported history's new ticket closed when the connection asks (closedTicketsPostImported)", () => {
    expect(planInboundTicket({ ...base, imported: true, closeImported: true })).toEqual({
      kind: 'create',
      status: 'closed',
    });
    expect(
      planInboundTicket({
        ...base,
        imported: true,
        closeImported: true,
        latest: { status: 'closed' },
      }),
    ).toEqual({ kind: 'attach' });
    expect(planInboundTicket({ ...base, imported: false, closeImported: true })).toEqual({
      kind: 'create',
      status: 'pending',
    });
  });

  it('never reopens a closed ticket for imported history', () => {
    expect(planInboundTicket({ ...base, imported: true, latest: { status: 'closed' } })).toEqual({
      kind: 'attach',
    });
  });
});

describe('inboundMessageFields', () => {
  it('keeps media of the company only, and location, vCard, reaction and group member', () => {
    const media = {
      key: 'company-1/m/a.jpg',
      mimeType: 'image/jpeg',
      fileName: 'a.jpg',
      size: 3,
      mediaType: 'image' as const,
    };
    expect(inboundMessageFields(1, event({ mediaType: 'image', media, body: '' }))).toMatchObject({
      mediaKey: 'company-1/m/a.jpg',
      mediaName: 'a.jpg',
      mediaType: 'image',
    });
    expect(inboundMessageFields(2, event({ mediaType: 'image', media }))).toMatchObject({
      mediaKey: null,
      mediaName: null,
    });
    expect(
      inboundMessageFields(
        1,
        event({
          mediaType: 'locationMessage',
          body: '',
          location: { latitude: -23.5, longitude: -46.6 },
        }),
      ),
    ).toMatchObject({
      body: '-23.5,-46.6',
      dataJson: { location: { latitude: -23.5, longitude: -46.6 } },
    });
    expect(
      inboundMessageFields(
        1,
        event({ mediaType: 'contactMessage', body: 'Ana', vcard: 'BEGIN:VCARD' }),
      ),
    ).toMatchObject({ body: 'Ana', dataJson: { vcard: 'BEGIN:VCARD' } });
    expect(
      inboundMessageFields(
        1,
        event({ kind: 'reaction', mediaType: 'chat', body: '👍', targetExternalId: 'wa-0' }),
      ),
    ).toMatchObject({ mediaType: 'reactionMessage', dataJson: { reactionTo: 'wa-0' } });
    expect(
      inboundMessageFields(
        1,
        event({
          peer: { number: 'g@g.us', isGroup: true },
          participant: { number: '551177', isGroup: false },
        }),
      ),
    ).toMatchObject({ participant: '551177', dataJson: null });
  });
});

describe('countsAsUnread and messageTime', () => {
  it('counts only the contact’s live messages and trusts no future timestamp', () => {
    expect(countsAsUnread({ fromMe: false })).toBe(true);
    expect(countsAsUnread({ fromMe: true })).toBe(false);
    expect(countsAsUnread({ fromMe: false, imported: true })).toBe(false);
    const now = new Date('2024-05-01T10:00:00.000Z');
    expect(messageTime('2024-05-01T09:00:00.000Z', now).toISOString()).toBe(
      '2024-05-01T09:00:00.000Z',
    );
    expect(messageTime('2024-05-02T09:00:00.000Z', now)).toBe(now);
    expect(messageTime('garbage', now)).toBe(now);
  });
});

describe('groupSettingsOf', () => {
  it("reads the connection's group flags, and keeps groups when connectors did not answer", () => {
    expect(groupSettingsOf({ allowGroup: false, groupAsTicket: 'enabled' })).toEqual({
      allowGroup: false,
      groupAsTicket: true,
    });
    expect(groupSettingsOf(null)).toEqual(UnknownGroupSettings);
  });
});

describe('pickContact', () => {
  const lookup = { companyId: 1, channel: 'whatsapp' as const, number: '5511', lid: '77' };
  const row = (id: number, over: Partial<ContactRow> = {}): ContactRow => ({
    id,
    companyId: 1,
    channel: 'whatsapp',
    number: '5511',
    lid: null,
    ...over,
  });

  it('prefers the contact holding the number, then the oldest; the LID matches too', () => {
    const byLid = row(1, { number: '77', lid: '77' });
    const byNumber = row(5);
    expect(pickContact([byLid, byNumber], lookup)).toBe(byNumber);
    expect(pickContact([byLid], lookup)).toBe(byLid);
    expect(pickContact([row(9), row(4)], lookup)?.id).toBe(4);
  });

  it('never picks another company, another channel or someone else', () => {
    expect(
      pickContact(
        [row(1, { companyId: 2 }), row(2, { channel: 'facebook' }), row(3, { number: '999' })],
        lookup,
      ),
    ).toBeNull();
    expect(pickContact([row(1, { number: '77', lid: '77' })], { ...lookup, lid: null })).toBeNull();
  });
});
