import { ContactSheetColumns, Languages, type ContactRecord } from '@sb/contracts';
import { describe, expect, it } from 'vitest';
import { loadAllResources } from '../../app/i18n.js';
import {
  collectAllContacts,
  contactSheetRows,
  importProgress,
  isXlsxFile,
} from './contact-sheet.js';

const contact = (id: number): ContactRecord => ({
  id,
  companyId: 1,
  name: `Name ${id}`,
  number: `55119000000${id}`,
  email: '',
  channel: 'whatsapp',
  isGroup: false,
  active: true,
  disableBot: false,
  acceptAudioMessage: true,
  lgpdAcceptedAt: null,
  urlPicture: null,
  extraInfo: [],
  tags: [{ id: 1, name: 'VIP', color: '#ff0000' }],
  createdAt: '',
  updatedAt: '',
});

describe('contact sheet', () => {
  it('pages through the list until hasMore is false', async () => {
    const asked: number[] = [];
    const all = await collectAllContacts(async (pageNumber) => {
      asked.push(pageNumber);
      return { contacts: [contact(pageNumber)], hasMore: pageNumber < 3, count: 3 };
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(all.map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('writes a header and one row per contact with its tag names', () => {
    expect(
      contactSheetRows([contact(1)], {
        name: 'Nome',
        number: 'Número',
        email: 'Email',
        tags: 'Tags',
      }),
    ).toEqual([
      ['Nome', 'Número', 'Email', 'Tags'],
      ['Name 1', '551190000001', '', 'VIP'],
    ]);
  });

  it('follows the import job', () => {
    expect(importProgress(null)).toEqual({ running: false, finished: false, percent: 0 });
    const job = {
      id: 1,
      total: 10,
      done: 5,
      created: 4,
      updated: 1,
      failed: 0,
      failedRows: [],
      status: 'running' as const,
    };
    expect(importProgress(job)).toEqual({ running: true, finished: false, percent: 50 });
    expect(importProgress({ ...job, done: 10, status: 'finished' })).toMatchObject({
      finished: true,
    });
  });

  it('accepts only xlsx', () => {
    expect(isXlsxFile({ name: 'a.XLSX' })).toBe(true);
    expect(isXlsxFile({ name: 'a.xls' })).toBe(false);
  });
});

describe('the exported sheet read back by the import', () => {
  it('has headers the import reads, in every language', async () => {
    const resources = await loadAllResources();
    for (const language of Languages) {
      const columns = (resources[language]!.contacts as { columns: Record<string, string> })
        .columns;
      for (const column of ['name', 'number', 'email', 'tags'] as const) {
        expect(ContactSheetColumns[column], `${language} ${column}`).toContain(
          columns[column]!.toLowerCase(),
        );
      }
    }
  });
});
