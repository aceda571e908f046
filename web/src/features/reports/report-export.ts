import {
  ReportMaxPageSize,
  type TicketReportFilter,
  type TicketReportPage,
  type TicketReportRow,
} from '@sb/contracts';
import { toCsv } from './report-columns.js';

/** Every row the filter selects, walking the pages (a stable order: they add up to the count). */
export const collectReportRows = async (
  filter: TicketReportFilter,
  fetchPage: (filter: TicketReportFilter) => Promise<TicketReportPage>,
  maxPages = 1_000,
): Promise<TicketReportRow[]> => {
  const rows: TicketReportRow[] = [];
  for (let pageNumber = 1; pageNumber <= maxPages; pageNumber += 1) {
    const page = await fetchPage({ ...filter, pageNumber, pageSize: ReportMaxPageSize });
    rows.push(...page.rows);
    if (!page.hasMore) break;
  }
  return rows;
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
