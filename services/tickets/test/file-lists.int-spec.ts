import {
  Subjects,
  type FileListPage,
  type FileListRecord,
  type FileListRemoved,
  type FileListSaved,
  type Queue,
} from '@sb/contracts';
import { FileListsService } from '../src/file-lists/file-lists.service.js';
import { callers, startTicketsTestApp, type TicketsTestApp } from './tickets-test-app.js';

const S = Subjects.tickets;
const { admin, agent, otherAdmin } = callers;

describe('file lists', () => {
  let app: TicketsTestApp;
  let catalogue: FileListSaved;

  beforeAll(async () => {
    app = await startTicketsTestApp('tickets-file-lists-int-spec');
    catalogue = await app.call<FileListSaved>(
      S.fileListCreate,
      {
        name: 'Catalogue',
        message: 'Choose a file',
        options: [{ name: 'Prices' }, { name: 'Menu' }, { name: 'Map' }],
      },
      admin,
    );
  });

  afterAll(async () => {
    await app.close();
  });

  it('creates a list answering its options with their ids, in order', () => {
    expect(catalogue).toMatchObject({
      name: 'Catalogue',
      message: 'Choose a file',
      userId: 10,
      removedPaths: [],
    });
    expect(catalogue.options.map((o) => [o.name, o.path])).toEqual([
      ['Prices', null],
      ['Menu', null],
      ['Map', null],
    ]);
    expect(catalogue.options.every((o) => o.id > 0)).toBe(true);
  });

  it('records uploaded files on their options and answers the replaced ones', async () => {
    const [prices, menu] = catalogue.options;
    const first = await app.call<FileListSaved>(
      S.fileListMediaSet,
      {
        id: catalogue.id,
        files: [
          {
            optionId: prices!.id,
            path: 'c1/file-lists/a-prices.pdf',
            mediaType: 'application/pdf',
          },
          { optionId: menu!.id, path: 'c1/file-lists/b-menu.png', mediaType: 'image/png' },
        ],
      },
      admin,
    );
    expect(first.removedPaths).toEqual([]);
    expect(first.options[0]).toMatchObject({
      path: 'c1/file-lists/a-prices.pdf',
      mediaType: 'application/pdf',
    });
    expect(first.options[0]!.url).toMatch(/^\/media\/c1\/file-lists\/a-prices\.pdf\?/);
    const again = await app.call<FileListSaved>(
      S.fileListMediaSet,
      {
        id: catalogue.id,
        files: [
          {
            optionId: prices!.id,
            path: 'c1/file-lists/c-prices.pdf',
            mediaType: 'application/pdf',
          },
        ],
      },
      admin,
    );
    expect(again.removedPaths).toEqual(['c1/file-lists/a-prices.pdf']);
    // an option of another list is refused
    const other = await app.call<FileListSaved>(
      S.fileListCreate,
      { name: 'Other list', message: 'x', options: [{ name: 'Lonely' }] },
      admin,
    );
    await expect(
      app.call(
        S.fileListMediaSet,
        {
          id: catalogue.id,
          files: [
            {
              optionId: other.options[0]!.id,
              path: 'c1/file-lists/x.pdf',
              mediaType: 'application/pdf',
            },
          ],
        },
        admin,
      ),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    await app.call(S.fileListDelete, { id: other.id }, admin);
  });

  it('replaces the options on update, keeping the files of kept ones', async () => {
    const [prices, menu] = catalogue.options;
    const updated = await app.call<FileListSaved>(
      S.fileListUpdate,
      {
        id: catalogue.id,
        name: 'Catalogue 2026',
        message: 'Pick one',
        options: [{ id: prices!.id, name: 'Price list' }, { name: 'Hours' }],
      },
      admin,
    );
    expect(updated.removedPaths).toEqual(['c1/file-lists/b-menu.png']);
    expect(updated.options.map((o) => [o.name, o.path])).toEqual([
      ['Price list', 'c1/file-lists/c-prices.pdf'],
      ['Hours', null],
    ]);
    expect(updated.options.map((o) => o.id)).not.toContain(menu!.id);
    const service = app.service.app.get(FileListsService);
    const forBot = await service.listWithOptions(1, catalogue.id);
    expect(forBot).toMatchObject({ name: 'Catalogue 2026', message: 'Pick one' });
    expect(forBot!.options).toHaveLength(2);
    expect(await service.listWithOptions(2, catalogue.id)).toBeUndefined();
  });

  it('pages and searches the lists of the company only', async () => {
    await app.call(S.fileListCreate, { name: 'Brochures', message: 'Our brochures' }, admin);
    const all = await app.call<FileListPage>(S.fileListPage, {}, admin);
    expect(all.files.map((f) => f.name)).toEqual(['Brochures', 'Catalogue 2026']);
    expect(all.hasMore).toBe(false);
    const searched = await app.call<FileListPage>(S.fileListPage, { searchParam: 'cata' }, admin);
    expect(searched.files.map((f) => f.name)).toEqual(['Catalogue 2026']);
    expect(searched.files[0]!.options).toHaveLength(2);
    const theirs = await app.call<FileListPage>(S.fileListPage, {}, otherAdmin);
    expect(theirs.files).toEqual([]);
  });

  it('refuses another company, plain users and bad input', async () => {
    await expect(app.call(S.fileListGet, { id: catalogue.id }, otherAdmin)).rejects.toMatchObject({
      code: 'ERR_NO_FILE_LIST_FOUND',
    });
    await expect(
      app.call(S.fileListUpdate, { id: catalogue.id, name: 'Taken', message: 'x' }, otherAdmin),
    ).rejects.toMatchObject({ code: 'ERR_NO_FILE_LIST_FOUND' });
    await expect(
      app.call(S.fileListDelete, { id: catalogue.id }, otherAdmin),
    ).rejects.toMatchObject({ code: 'ERR_NO_FILE_LIST_FOUND' });
    await expect(app.call(S.fileListPage, {}, agent)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    await expect(
      app.call(S.fileListCreate, { name: 'ab', message: 'x' }, admin),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    await expect(
      app.call(S.fileListCreate, { name: 'No message', message: ' ' }, admin),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
  });

  it('deletes a list with its options, answering its files, and unlinks queues', async () => {
    const queue = await app.call<Queue>(
      S.queueCreate,
      { name: 'Files queue', color: '#123123', fileListId: catalogue.id },
      admin,
    );
    const removed = await app.call<FileListRemoved>(S.fileListDelete, { id: catalogue.id }, admin);
    expect(removed).toEqual({ id: catalogue.id, removedPaths: ['c1/file-lists/c-prices.pdf'] });
    const { rows } = await app.db.query(
      'SELECT id FROM tickets.file_list_options WHERE file_list_id = $1',
      [catalogue.id],
    );
    expect(rows).toEqual([]);
    const after = await app.call<Queue>(S.queueGet, { id: queue.id }, admin);
    expect(after.fileListId).toBeNull();
    await expect(
      app.call<FileListRecord>(S.fileListGet, { id: catalogue.id }, admin),
    ).rejects.toMatchObject({ code: 'ERR_NO_FILE_LIST_FOUND' });
    const { rows: events } = await app.db.query<{ subject: string }>(
      `SELECT subject FROM tickets.outbox_event WHERE subject LIKE 'evt.1.tickets.file-list.%' ORDER BY seq`,
    );
    expect(events.map((r) => r.subject.split('.').at(-1))).toContain('deleted');
  });
});
