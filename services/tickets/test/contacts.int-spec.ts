import {
  Subjects,
  type BusRequest,
  type ContactImportJob,
  type ContactPickerItem,
  type ContactRecord,
  type ContactsPage,
  type ContactTagsReply,
  type PhoneContactsCommand,
  type PhoneContactsResult,
  type RequestContext,
} from '@sb/contracts';
import { ContactsService } from '../src/contacts/contacts.service.js';
import { admin, contactsTagsSuite, outboxPayloads, user } from './tickets-test-app.js';

const S = Subjects.tickets;

describe('contacts over the NATS bus', () => {
  const run = contactsTagsSuite('contacts-int-spec');

  run('creates a contact with extra info, digits-only number, and records its event', async (a) => {
    const contact = await a.request<ContactRecord>(
      S.contactCreate,
      {
        name: 'João Conceição',
        number: '+55 (11) 98888-7777',
        email: 'JOAO@Example.com',
        extraInfo: [{ name: 'CPF', value: '123' }],
      },
      admin(1),
    );
    expect(contact).toMatchObject({
      companyId: 1,
      name: 'João Conceição',
      number: '5511988887777',
      email: 'joao@example.com',
      channel: 'whatsapp',
      active: true,
      disableBot: false,
      acceptAudioMessage: true,
      extraInfo: [{ name: 'CPF', value: '123' }],
      tags: [],
    });
    const events = await outboxPayloads(a.db, 'evt.1.tickets.contact.created');
    expect(events).toContainEqual(
      expect.objectContaining({ contact: expect.objectContaining({ id: contact.id }) }),
    );
  });

  run('refuses a duplicate number in the same company, allows it in another', async (a) => {
    await a.request(S.contactCreate, { name: 'Ana', number: '5511911112222' }, admin(1));
    await expect(
      a.request(S.contactCreate, { name: 'Ana 2', number: '55 11 91111-2222' }, admin(1)),
    ).rejects.toMatchObject({ code: 'ERR_DUPLICATED_CONTACT', status: 409 });
    await expect(
      a.request(S.contactCreate, { name: 'Ana', number: '5511911112222' }, admin(2)),
    ).resolves.toMatchObject({ companyId: 2 });
  });

  run('validates with the spec messages', async (a) => {
    await expect(
      a.request(S.contactCreate, { name: 'A', number: '123', email: 'nope' }, admin(1)),
    ).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      fields: { name: ['Too Short!'], number: ['Too Short!'], email: ['Invalid email'] },
    });
    await expect(a.request(S.contactCreate, {}, admin(1))).rejects.toMatchObject({
      fields: { name: ['Required'], number: ['Required'] },
    });
  });

  run('searches accent-insensitively by name and by number, 20 per page', async (a) => {
    for (let i = 0; i < 22; i += 1)
      await a.request(
        S.contactCreate,
        { name: `Página ${i}`, number: `5521900000${String(i).padStart(3, '0')}` },
        admin(3),
      );
    const first = await a.request<ContactsPage>(S.contactList, { searchParam: 'pagina' }, admin(3));
    expect(first.contacts).toHaveLength(20);
    expect(first).toMatchObject({ count: 22, hasMore: true });
    const second = await a.request<ContactsPage>(
      S.contactList,
      { searchParam: 'PÁGINA', pageNumber: '2' },
      admin(3),
    );
    expect(second).toMatchObject({ hasMore: false });
    expect(second.contacts).toHaveLength(2);
    const byNumber = await a.request<ContactsPage>(
      S.contactList,
      { searchParam: '900000021' },
      admin(3),
    );
    expect(byNumber.contacts.map((c) => c.name)).toEqual(['Página 21']);
    const picker = await a.request<ContactPickerItem[]>(
      S.contactPicker,
      { searchParam: 'gina 1' },
      admin(3),
    );
    expect(picker.length).toBeGreaterThan(0);
  });

  run('filters by tag ids given as a JSON list', async (a) => {
    const tagged = await a.request<ContactRecord>(
      S.contactCreate,
      { name: 'Tagged', number: '5531977776666' },
      admin(4),
    );
    await a.request(S.contactCreate, { name: 'Plain', number: '5531977775555' }, admin(4));
    const tag = await a.request<{ id: number }>(
      S.tagCreate,
      { name: 'VIP', color: '#ff0000' },
      admin(4),
    );
    await a.request(S.tagSync, { contactId: tagged.id, tags: [{ id: tag.id }] }, admin(4));
    const page = await a.request<ContactsPage>(
      S.contactList,
      { contactTag: JSON.stringify([tag.id]) },
      admin(4),
    );
    expect(page.contacts.map((c) => c.name)).toEqual(['Tagged']);
    expect(page.contacts[0]!.tags).toEqual([{ id: tag.id, name: 'VIP', color: '#ff0000' }]);
    await expect(
      a.request<ContactTagsReply>(S.contactTags, { contactId: tagged.id }, user(4)),
    ).resolves.toEqual({ tags: [{ id: tag.id, name: 'VIP', color: '#ff0000' }] });
  });

  run('keeps tenants apart: another company gets 404', async (a) => {
    const contact = await a.request<ContactRecord>(
      S.contactCreate,
      { name: 'Mine', number: '5541966665555' },
      admin(5),
    );
    for (const [subject, data] of [
      [S.contactGet, { id: contact.id }],
      [S.contactUpdate, { id: contact.id, name: 'Stolen' }],
      [S.contactBlock, { id: contact.id, active: false }],
      [S.contactToggleDisableBot, { id: contact.id }],
      [S.contactToggleAcceptAudio, { id: contact.id }],
      [S.contactDelete, { id: contact.id }],
      [S.contactTags, { contactId: contact.id }],
    ] as const)
      await expect(a.request(subject, data, admin(6))).rejects.toMatchObject({
        code: 'ERR_NO_CONTACT_FOUND',
        status: 404,
      });
    const page = await a.request<ContactsPage>(S.contactList, {}, admin(6));
    expect(page.contacts.map((c) => c.id)).not.toContain(contact.id);
  });

  run('updates, blocks and toggles flags', async (a) => {
    const contact = await a.request<ContactRecord>(
      S.contactCreate,
      { name: 'Flags', number: '5551955554444' },
      admin(7),
    );
    const updated = await a.request<ContactRecord>(
      S.contactUpdate,
      { id: contact.id, name: 'Flags 2', extraInfo: [{ name: 'A', value: 'b' }] },
      user(7),
    );
    expect(updated).toMatchObject({
      name: 'Flags 2',
      number: '5551955554444',
      extraInfo: [{ name: 'A', value: 'b' }],
    });
    await expect(
      a.request(S.contactBlock, { id: contact.id, active: false }, user(7)),
    ).resolves.toMatchObject({ active: false });
    await expect(
      a.request(S.contactToggleDisableBot, { id: contact.id }, user(7)),
    ).resolves.toMatchObject({ disableBot: true });
    await expect(
      a.request(S.contactToggleAcceptAudio, { id: contact.id }, user(7)),
    ).resolves.toMatchObject({ acceptAudioMessage: false });
    await expect(
      a.request(S.contactProfile, { number: '+55 51 95555-4444' }, user(7)),
    ).resolves.toEqual({
      contactId: contact.id,
      urlPicture: null,
    });
  });

  run('lets only the deleteContact permission delete', async (a) => {
    const contact = await a.request<ContactRecord>(
      S.contactCreate,
      { name: 'Gone', number: '5561944443333' },
      admin(8),
    );
    await expect(a.request(S.contactDelete, { id: contact.id }, user(8))).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
      status: 403,
    });
    await expect(a.request(S.contactDelete, { id: contact.id }, admin(8))).resolves.toEqual({
      id: contact.id,
    });
    expect(await outboxPayloads(a.db, 'evt.8.tickets.contact.deleted')).toEqual([
      { contactId: contact.id },
    ]);
  });

  run('masks numbers for profile user when lgpdHideNumber is on, groups excepted', async (a) => {
    a.hideNumbers.set(9, true);
    const contact = await a.request<ContactRecord>(
      S.contactCreate,
      { name: 'Private', number: '5571933332222' },
      admin(9),
    );
    expect(contact.number).toBe('5571933332222');
    const seenByUser = await a.request<ContactRecord>(S.contactGet, { id: contact.id }, user(9));
    expect(seenByUser.number).toBe('***********22');
    const seenByAdmin = await a.request<ContactRecord>(S.contactGet, { id: contact.id }, admin(9));
    expect(seenByAdmin.number).toBe('5571933332222');
    const page = await a.request<ContactsPage>(S.contactList, {}, user(9));
    expect(page.contacts[0]!.number).toBe('***********22');
    // the socket event reaches users too, so it carries the masked number
    const [event] = await outboxPayloads(a.db, 'evt.9.tickets.contact.created');
    expect(event).toMatchObject({ contact: { number: '***********22' } });
    // a user saving the form with the masked number does not change it
    await a.request(
      S.contactUpdate,
      { id: contact.id, number: '***********22', name: 'Private 2' },
      user(9),
    );
    await expect(a.request(S.contactGet, { id: contact.id }, admin(9))).resolves.toMatchObject({
      number: '5571933332222',
      name: 'Private 2',
    });
  });

  run('matches an inbound peer by number or LID, so one person stays one contact', async (a) => {
    const contacts = a.service.app.get(ContactsService);
    const first = await contacts.findOrCreateFromPeer(10, 'whatsapp', {
      number: '5581922221111',
      isGroup: false,
    });
    expect(first.name).toBe('5581922221111');
    const withLid = await contacts.findOrCreateFromPeer(10, 'whatsapp', {
      number: '5581922221111',
      lid: '12345@lid',
      name: 'Maria',
      isGroup: false,
    });
    expect(withLid).toMatchObject({ id: first.id, name: 'Maria' });
    const byLidOnly = await contacts.findOrCreateFromPeer(10, 'whatsapp', {
      number: '12345',
      lid: '12345@lid',
      isGroup: false,
    });
    expect(byLidOnly.id).toBe(first.id);
    const { rows } = await a.db.query(
      'SELECT count(*)::int AS n FROM tickets.contacts WHERE company_id = 10',
    );
    expect(rows[0].n).toBe(1);
  });

  run('imports a row (find or create) and a sheet as a paced job with progress', async (a) => {
    const one = await a.request<ContactRecord>(
      S.contactImportOne,
      { name: 'Row', number: '5591911110000' },
      user(11),
    );
    const again = await a.request<ContactRecord>(
      S.contactImportOne,
      { name: 'Row', number: '5591911110000' },
      user(11),
    );
    expect(again.id).toBe(one.id);
    const rows = [
      ...Array.from({ length: 5 }, (_, i) => ({ name: `Sheet ${i}`, number: `559192222000${i}` })),
      { name: 'Bad', number: '12' },
    ];
    const job = await a.request<ContactImportJob>(S.contactImportStart, { rows }, user(11));
    expect(job).toMatchObject({ total: 6, done: 0, status: 'running' });
    const deadline = Date.now() + 10_000;
    let status = 'running';
    while (status === 'running' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { rows: jobs } = await a.db.query(
        'SELECT status FROM tickets.contact_import_jobs WHERE id = $1',
        [job.id],
      );
      status = jobs[0].status;
    }
    expect(status).toBe('finished');
    const progress = (await outboxPayloads(a.db, 'evt.11.tickets.contact-import.progress')) as {
      job: ContactImportJob;
    }[];
    expect(progress.map((p) => p.job.done)).toEqual([5, 6]);
    expect(progress.at(-1)!.job).toMatchObject({
      status: 'finished',
      failed: 1,
      failedRows: [{ row: 6, number: '12', error: 'ERR_VALIDATION' }],
    });
    const page = await a.request<ContactsPage>(S.contactList, { searchParam: 'sheet' }, user(11));
    expect(page.count).toBe(5);
  });

  run("imports the phone's contacts and chats through connectors, or says it cannot", async (a) => {
    const connection = (id: number, channel: string, status: string, isDefault: boolean) => ({
      id,
      companyId: 12,
      name: `c${id}`,
      channel,
      status,
      isDefault,
    });
    await a.bus.handle(Subjects.connectors.connectionList, (payload: BusRequest) =>
      Promise.resolve(
        (payload.ctx as RequestContext).companyId === 12
          ? [
              connection(41, 'whatsappapi', 'CONNECTED', false),
              connection(42, 'whatsapp', 'CONNECTED', true),
              connection(43, 'whatsapp', 'DISCONNECTED', false),
            ]
          : [],
      ),
    );
    // no connector serves the phone's list yet: a clear code, nothing imported
    await expect(a.request(S.contactImportPhone, {}, user(12))).rejects.toMatchObject({
      code: 'ERR_WAPP_IMPORT_UNSUPPORTED',
      status: 400,
    });
    await expect(
      a.request(S.contactImportPhone, { whatsappId: 41 }, user(12)),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_IMPORT_UNSUPPORTED' });
    await expect(
      a.request(S.contactImportChats, { whatsappId: 43 }, user(12)),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
    await expect(
      a.request(S.contactImportPhone, { whatsappId: 99 }, user(12)),
    ).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND', status: 404 });
    await expect(a.request(S.contactImportPhone, {}, user(13))).rejects.toMatchObject({
      code: 'ERR_NO_DEF_WAPP_FOUND',
    });

    const asked: PhoneContactsCommand[] = [];
    await a.bus.handle(Subjects.connectors.contactList, (payload: BusRequest) => {
      const command = payload.data as PhoneContactsCommand;
      asked.push(command);
      const result: PhoneContactsResult =
        command.source === 'contacts'
          ? {
              contacts: [
                { name: 'Phone Ana', number: '5592933330001' },
                { name: '', number: '+55 92 93333-0002' },
                { name: 'Phone Ana again', number: '5592933330001' },
                { name: 'Family', number: '5592933330009-1600000000', isGroup: true },
              ],
            }
          : { contacts: [{ name: 'Chat Bia', number: '5592933330003' }] };
      return Promise.resolve(result);
    });
    const job = await a.request<ContactImportJob>(S.contactImportPhone, {}, user(12));
    expect(job).toMatchObject({ total: 2, status: 'running' });
    const chats = await a.request<ContactImportJob>(S.contactImportChats, {}, user(12));
    expect(chats).toMatchObject({ total: 1 });
    expect(asked).toEqual([
      { connectionId: 42, source: 'contacts' },
      { connectionId: 42, source: 'chats' },
    ]);
    const deadline = Date.now() + 10_000;
    let imported = 0;
    while (imported < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      imported = (
        await a.request<ContactsPage>(S.contactList, { searchParam: '559293333' }, user(12))
      ).count;
    }
    const page = await a.request<ContactsPage>(
      S.contactList,
      { searchParam: '559293333' },
      user(12),
    );
    expect(page.contacts.map((c) => [c.name, c.number]).sort()).toEqual([
      ['5592933330002', '5592933330002'],
      ['Chat Bia', '5592933330003'],
      ['Phone Ana', '5592933330001'],
    ]);
    // another company sees none of them
    const other = await a.request<ContactsPage>(
      S.contactList,
      { searchParam: '559293333' },
      user(13),
    );
    expect(other.count).toBe(0);
  });
});
