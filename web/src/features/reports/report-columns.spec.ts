import type { TicketReportPage, TicketReportRow } from '@sb/contracts';
import { describe, expect, it } from 'vitest';
import { reportSheet, sheetCell, toCsv, type ReportFormat } from './report-columns.js';
import { collectReportRows, ReportTooLargeError } from './report-export.js';

const row = (id: number, over: Partial<TicketReportRow> = {}): TicketReportRow => ({
  id,
  contactName: `Cliente ${id}`,
  isGroup: false,
  status: 'closed',
  queueName: 'Vendas',
  userName: 'Ana',
  connectionName: 'Loja',
  tags: ['VIP', 'Novo'],
  createdAt: '2026-03-02T12:00:00.000Z',
  acceptedAt: null,
  firstResponseAt: null,
  closedAt: null,
  waitMinutes: 10,
  firstResponseMinutes: 12,
  supportMinutes: 150,
  totalMinutes: null,
  rate: 7,
  ratedAt: null,
  ...over,
});

// keys as the text, dates in São Paulo written in Spanish
const format: ReportFormat = { t: (key) => key, timeZone: 'America/Sao_Paulo', language: 'es' };

describe('report sheets', () => {
  it('writes the duration columns as hours:minutes, empty where the step did not happen', () => {
    expect(reportSheet('duration', [row(1)], format)).toEqual([
      [
        'columns.id',
        'columns.contact',
        'columns.queue',
        'columns.user',
        'columns.createdAt',
        'columns.wait',
        'columns.firstResponse',
        'columns.support',
        'columns.total',
      ],
      ['1', 'Cliente 1', 'Vendas', 'Ana', '02/03/2026 09:00', '00:10', '00:12', '02:30', ''],
    ]);
  });

  it('classes an NPS answer: 7–8 passive, above 8 promoter, below 7 detractor', () => {
    const classes = [row(1), row(2, { rate: 9 }), row(3, { rate: 6 })].map(
      (r) => reportSheet('nps', [r], format)[1]![5],
    );
    expect(classes).toEqual(['npsClasses.passive', 'npsClasses.promoter', 'npsClasses.detractor']);
  });

  it('writes the status through the translations', () => {
    expect(reportSheet('tickets', [row(1)], format)[1]![2]).toBe('statuses.closed');
  });

  it('keeps a cell that a spreadsheet would run as a formula as text', () => {
    for (const text of ['=1+1', '+55 21 9999', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(sheetCell(text)).toBe(`'${text}`);
    expect(sheetCell('Ana = boss')).toBe('Ana = boss');
    expect(sheetCell('')).toBe('');
    const sheet = reportSheet('tickets', [row(1, { contactName: '=HYPERLINK("x")' })], format);
    expect(sheet[1]![1]).toBe(`'=HYPERLINK("x")`);
    expect(toCsv(sheet)).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('quotes CSV fields holding separators, quotes or line breaks', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'x\ny']])).toBe('a,"b,c","say ""hi""","x\ny"\r\n');
  });

  it('collects every page the filter selects, each below the last', async () => {
    const asked: (string | undefined)[] = [];
    const pages: Record<string, TicketReportPage> = {
      first: { rows: [row(3), row(2)], count: 3, hasMore: true, next: 'c2' },
      c2: { rows: [row(1)], count: 3, hasMore: false, next: null },
    };
    const rows = await collectReportRows(
      { dateFrom: '2026-03-01', dateTo: '2026-03-31' },
      async (f) => {
        asked.push(f.after);
        expect(f.pageSize).toBe(1000);
        return pages[f.after ?? 'first']!;
      },
    );
    expect(rows.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(asked).toEqual([undefined, 'c2']);
  });

  it('refuses to save part of a report larger than the export allows', async () => {
    const endless = async (): Promise<TicketReportPage> => ({
      rows: [row(1)],
      count: 10,
      hasMore: true,
      next: 'more',
    });
    await expect(
      collectReportRows({ dateFrom: '2026-03-01', dateTo: '2026-03-31' }, endless, 3),
    ).rejects.toBeInstanceOf(ReportTooLargeError);
  });
});
