import {
  chatEntries,
  contactEntries,
  mappingEntries,
  mergeEntries,
  normalisePhoneNumber,
  ownIdsOf,
  personOfJid,
  phoneContactsOf,
  type PhoneContactEntry,
} from './phone-contacts.js';

describe('phone contacts reported by Baileys', () => {
  it('tells people from groups, broadcast lists, newsletters and junk', () => {
    expect(personOfJid('5511999990001@s.whatsapp.net')).toEqual({
      kind: 'phone',
      user: '5511999990001',
    });
    expect(personOfJid('5511999990001:12@s.whatsapp.net')).toEqual({
      kind: 'phone',
      user: '5511999990001',
    });
    expect(personOfJid('5511999990001@c.us')?.user).toBe('5511999990001');
    expect(personOfJid('123456789012345@lid')).toEqual({ kind: 'lid', user: '123456789012345' });
    expect(personOfJid('120363012345678901@g.us')).toBeNull();
    expect(personOfJid('status@broadcast')).toBeNull();
    expect(personOfJid('1234567890@broadcast')).toBeNull();
    expect(personOfJid('120363099999999999@newsletter')).toBeNull();
    expect(personOfJid('abc@s.whatsapp.net')).toBeNull();
    expect(personOfJid('12@s.whatsapp.net')).toBeNull();
    expect(personOfJid('no-at-sign')).toBeNull();
    expect(personOfJid(undefined)).toBeNull();
  });

  it('normalises numbers to their digits', () => {
    expect(normalisePhoneNumber('+55 (11) 99999-0001')).toBe('5511999990001');
    expect(normalisePhoneNumber('5511999990001:3@s.whatsapp.net')).toBe('5511999990001');
    expect(normalisePhoneNumber('123456789012345@lid')).toBeNull();
    expect(normalisePhoneNumber('12-34')).toBeNull();
    expect(normalisePhoneNumber(null)).toBeNull();
  });

  it('keeps address book entries under their phone JID, with the LID alongside', () => {
    const entries = contactEntries(
      [
        // Baileys 7: id may be the LID, with the phone number beside it
        { id: '111@lid', phoneNumber: '5511999990001@s.whatsapp.net', name: ' Ana  Souza ' },
        { id: '5511999990002@s.whatsapp.net', notify: 'Bruno' },
        { id: '222@lid', verifiedName: 'Acme Ltd' },
        { id: '120363012345678901@g.us', name: 'Family' },
        { id: 'status@broadcast' },
      ],
      true,
    );
    expect(entries).toEqual([
      {
        jid: '5511999990001@s.whatsapp.net',
        lid: '111',
        number: '5511999990001',
        name: 'Ana Souza',
        notify: null,
        inContacts: true,
        inChats: false,
      },
      {
        jid: '5511999990002@s.whatsapp.net',
        lid: null,
        number: '5511999990002',
        name: null,
        notify: 'Bruno',
        inContacts: true,
        inChats: false,
      },
      {
        jid: '222@lid',
        lid: '222',
        number: null,
        name: null,
        notify: 'Acme Ltd',
        inContacts: true,
        inChats: false,
      },
    ]);
    expect(contactEntries([{ id: '5511999990002@s.whatsapp.net' }], false)[0].inContacts).toBe(
      false,
    );
  });

  it('keeps the peers of one-to-one chats only', () => {
    expect(
      chatEntries([
        { id: '5511999990003@s.whatsapp.net', name: 'Carla' },
        { id: '333@lid', pnJid: '5511999990004@s.whatsapp.net', displayName: 'Davi' },
        { id: '120363012345678901@g.us', name: 'Team' },
        { id: '120363099999999999@newsletter' },
      ]).map(({ jid, lid, notify, inChats }) => ({ jid, lid, notify, inChats })),
    ).toEqual([
      { jid: '5511999990003@s.whatsapp.net', lid: null, notify: 'Carla', inChats: true },
      { jid: '5511999990004@s.whatsapp.net', lid: '333', notify: 'Davi', inChats: true },
    ]);
    expect(
      mappingEntries([{ pn: '5511999990005@s.whatsapp.net', lid: '555@lid' }, { lid: '1@lid' }]),
    ).toEqual([
      {
        jid: '5511999990005@s.whatsapp.net',
        lid: '555',
        number: '5511999990005',
        name: null,
        notify: null,
        inContacts: false,
        inChats: false,
      },
    ]);
  });

  it('merges a batch into one entry per key and drops the own number and LID', () => {
    const own = ownIdsOf({ id: '5511900000000:7@s.whatsapp.net', lid: '999:7@lid' });
    expect(own).toEqual({ numbers: ['5511900000000'], lids: ['999'] });
    const merged = mergeEntries(
      [
        ...contactEntries([{ id: '5511999990001@s.whatsapp.net', name: 'Ana' }], true),
        ...chatEntries([{ id: '5511999990001@s.whatsapp.net', name: 'Ana S.' }]),
        ...contactEntries([{ id: '5511900000000@s.whatsapp.net', name: 'Me' }], true),
        ...chatEntries([{ id: '999@lid', name: 'Me too' }]),
        // the person's own name stays; a chat's name only fills a missing one
        ...chatEntries([{ id: '5511999990002@s.whatsapp.net', name: 'Bruno chat' }]),
        ...contactEntries([{ id: '5511999990002@s.whatsapp.net', notify: 'Bruno' }], true),
        ...chatEntries([{ id: '5511999990002@s.whatsapp.net', name: 'Bruno again' }]),
      ],
      own,
    );
    expect(merged).toEqual([
      {
        jid: '5511999990001@s.whatsapp.net',
        lid: null,
        number: '5511999990001',
        name: 'Ana',
        notify: 'Ana S.',
        inContacts: true,
        inChats: true,
      },
      {
        jid: '5511999990002@s.whatsapp.net',
        lid: null,
        number: '5511999990002',
        name: null,
        notify: 'Bruno',
        inContacts: true,
        inChats: true,
      },
    ]);
  });

  it('answers the source asked, one per number, LID-only peers through their mapping', () => {
    const row = (fields: Partial<PhoneContactEntry>): PhoneContactEntry => ({
      jid: `${fields.number ?? fields.lid}@x`,
      lid: null,
      number: null,
      name: null,
      notify: null,
      inContacts: false,
      inChats: false,
      ...fields,
    });
    const rows = [
      row({ number: '5511999990001', name: 'Ana', inContacts: true }),
      row({ number: '5511999990002', notify: 'Bruno', inContacts: true, inChats: true }),
      // a chat known by its LID only, whose number a mapping row gives
      row({ lid: '333', notify: 'Carla chat', inChats: true }),
      row({ number: '5511999990003', lid: '333' }),
      // a LID nobody mapped: no number to import
      row({ lid: '444', notify: 'Ghost', inChats: true }),
      // the connection's own number
      row({ number: '5511900000000', name: 'Me', inContacts: true, inChats: true }),
    ];
    expect(phoneContactsOf(rows, 'contacts', ['+55 11 90000-0000'])).toEqual([
      { name: 'Ana', number: '5511999990001', isGroup: false },
      { name: 'Bruno', number: '5511999990002', isGroup: false },
    ]);
    expect(phoneContactsOf(rows, 'chats', ['5511900000000'])).toEqual([
      { name: 'Bruno', number: '5511999990002', isGroup: false },
      { name: 'Carla chat', number: '5511999990003', isGroup: false },
    ]);
    expect(phoneContactsOf([], 'contacts')).toEqual([]);
  });
});
