import {
  Subjects,
  type ContactRecord,
  type TagRecord,
  type TagsPage,
  type TagSyncReply,
} from '@sb/contracts';
import { admin, contactsTagsSuite, outboxPayloads, user } from './tickets-test-app.js';

const S = Subjects.tickets;

describe('tags over the NATS bus', () => {
  const run = contactsTagsSuite('tags-int-spec');

  run('creates a tag with the caller as its user and records its event', async (a) => {
    const tag = await a.request<TagRecord>(
      S.tagCreate,
      { name: 'Urgente', color: '#ff0000' },
      user(1, 7),
    );
    expect(tag).toMatchObject({
      companyId: 1,
      name: 'Urgente',
      color: '#ff0000',
      kanban: 0,
      userId: 7,
      contactsCount: 0,
    });
    expect(await outboxPayloads(a.db, 'evt.1.tickets.tag.created')).toEqual([{ tag }]);
  });

  run('validates with the spec messages', async (a) => {
    await expect(a.request(S.tagCreate, { name: 'ab' }, admin(1))).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      fields: { name: ['Mensagem muito curta'] },
    });
    await expect(a.request(S.tagCreate, { name: '' }, admin(1))).rejects.toMatchObject({
      fields: { name: expect.arrayContaining(['Obrigatório']) },
    });
    await expect(
      a.request(S.tagCreate, { name: 'Good', color: 'red' }, admin(1)),
    ).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
    });
  });

  run('pages and filters by search and kanban, with contact and ticket counts', async (a) => {
    const normal = await a.request<TagRecord>(
      S.tagCreate,
      { name: 'Cliente', color: '#00ff00' },
      admin(2),
    );
    const lane = await a.request<TagRecord>(
      S.tagCreate,
      { name: 'Em negociação', color: '#0000ff', kanban: 1 },
      admin(2),
    );
    const contact = await a.request<ContactRecord>(
      S.contactCreate,
      { name: 'Carla', number: '5511977771111' },
      admin(2),
    );
    await a.request<TagSyncReply>(
      S.tagSync,
      { contactId: contact.id, tags: [normal.id] },
      admin(2),
    );
    for (const ticket of [await a.given.newTicket(2), await a.given.newTicket(2)]) {
      await a.given.tagTicket(ticket, lane);
    }

    const all = await a.request<TagsPage>(S.tagList, {}, user(2));
    expect(all).toMatchObject({ count: 2, hasMore: false });
    expect(all.tags.find((t) => t.id === normal.id)).toMatchObject({ contactsCount: 1 });
    const kanban = await a.request<TagsPage>(S.tagList, { kanban: '1' }, user(2));
    expect(kanban.tags).toEqual([expect.objectContaining({ id: lane.id, ticketsCount: 2 })]);
    const search = await a.request<TagsPage>(S.tagList, { searchParam: 'NEGOCIACAO' }, user(2));
    expect(search.tags.map((t) => t.id)).toEqual([lane.id]);
    await expect(a.request<TagRecord[]>(S.tagPicker, { kanban: '0' }, user(2))).resolves.toEqual([
      expect.objectContaining({ id: normal.id }),
    ]);
    await expect(a.request<TagRecord[]>(S.tagKanban, {}, user(2))).resolves.toEqual([
      expect.objectContaining({ id: lane.id }),
    ]);
  });

  run('syncs a contact to exactly the given tags, refusing another company’s tag', async (a) => {
    const mine = await a.request<TagRecord>(S.tagCreate, { name: 'Mine' }, admin(3));
    const other = await a.request<TagRecord>(S.tagCreate, { name: 'Other' }, admin(4));
    const contact = await a.request<ContactRecord>(
      S.contactCreate,
      { name: 'Carla', number: '5511977772222' },
      admin(3),
    );
    await expect(
      a.request(S.tagSync, { contactId: contact.id, tags: [{ id: mine.id }] }, user(3)),
    ).resolves.toEqual({
      contactId: contact.id,
      tags: [{ id: mine.id, name: 'Mine', color: mine.color }],
    });
    await expect(
      a.request(S.tagSync, { contactId: contact.id, tags: [other.id] }, user(3)),
    ).rejects.toMatchObject({ code: 'ERR_NO_TAG_FOUND', status: 404 });
    await expect(
      a.request(S.tagSync, { contactId: contact.id, tags: [] }, user(3)),
    ).resolves.toEqual({
      contactId: contact.id,
      tags: [],
    });
  });

  run('keeps tenants apart and leaves deleting to admins', async (a) => {
    const tag = await a.request<TagRecord>(S.tagCreate, { name: 'Private' }, admin(5));
    for (const [subject, data] of [
      [S.tagGet, { id: tag.id }],
      [S.tagUpdate, { id: tag.id, name: 'Stolen' }],
      [S.tagDelete, { id: tag.id }],
    ] as const)
      await expect(a.request(subject, data, admin(6))).rejects.toMatchObject({
        code: 'ERR_NO_TAG_FOUND',
        status: 404,
      });
    await expect(
      a.request(S.tagUpdate, { id: tag.id, name: 'Renamed', kanban: 1 }, user(5)),
    ).resolves.toMatchObject({
      name: 'Renamed',
      kanban: 1,
    });
    await expect(a.request(S.tagDelete, { id: tag.id }, user(5))).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    await expect(a.request(S.tagDelete, { id: tag.id }, admin(5))).resolves.toEqual({ id: tag.id });
    expect(await outboxPayloads(a.db, 'evt.5.tickets.tag.deleted')).toEqual([{ tagId: tag.id }]);
  });
});
