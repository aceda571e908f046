import {
  ReportMaxPageSize,
  type TicketReportFilter,
  type TicketReportPage,
  type TicketReportRow,
} from '@sb/contracts';
import { toCsv } from './report-columns.js';

/** An export that would hold more rows than a browser file is built from. */
export class ReportTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} rows`);
  }
}

/**
 * Every row the filter selects: the first page, then each page below the previous one's last row
 * (`next`), so tickets created or deleted during the walk shift nothing. Past `maxPages` it throws
 * rather than save part of the report.
 */
export const collectReportRows = async (
  filter: TicketReportFilter,
  fetchPage: (filter: TicketReportFilter) => Promise<TicketReportPage>,
  maxPages = 1_000,
): Promise<TicketReportRow[]> => {
  const rows: TicketReportRow[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < maxPages; pages += 1) {
    const page = await fetchPage({
      ...filter,
      pageSize: ReportMaxPageSize,
      ...(after ? { after } : {}),
    });
    rows.push(...page.rows);
    if (!page.next) return rows;
    after = page.next;
  }
  throw new ReportTooLargeError(maxPages * ReportMaxPageSize);
};

/** Saves a file the browser downloads. */
const save = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};

/** Downloads the sheet as CSV (with a BOM, so spreadsheets read UTF-8) or XLSX (loaded on demand). */
export const downloadSheet = async (
  sheet: string[][],
  format: 'csv' | 'xlsx',
  baseName: string,
): Promise<void> => {
  if (format === 'csv') {
    save(new Blob(['\uFEFF', toCsv(sheet)], { type: 'text/csv;charset=utf-8' }), `${baseName}.csv`);
    return;
  }
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  await writeXlsxFile(sheet).toFile(`${baseName}.xlsx`);
};
