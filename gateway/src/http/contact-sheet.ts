import {
  ContactImportMaxRows,
  ContactListImportMaxRows,
  ContactSheetColumns,
  type ContactSheetColumn,
  type ContactListImportRow,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { readSheet } from 'read-excel-file/node';

/** Header names accepted for each column (the export's in every language, the reference's). */
const Columns = ContactSheetColumns;

/** xlsx is a zip: anything else is refused before parsing (spec 2 §5: only xlsx is imported). */
export const isXlsx = (bytes: Buffer): boolean =>
  bytes.length > 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  bytes[2] === 0x03 &&
  bytes[3] === 0x04;

const cellText = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : value instanceof Date
      ? value.toISOString()
      : String(value).trim();

/** A tags cell: names separated by commas (or semicolons), as the export writes them. */
export const tagNames = (cell: string): string[] => [
  ...new Set(
    cell
      .split(/[,;]/)
      .map((name) => name.trim())
      .filter(Boolean),
  ),
];

/** The first sheet's cells; the parser's reason goes in the answer's details, for whoever must fix the file. */
async function readRows(bytes: Buffer): Promise<unknown[][]> {
  try {
    return (await readSheet(bytes)) as unknown[][];
  } catch (error) {
    throw new AppError('ERR_VALIDATION', {
      fields: { file: ['Unreadable spreadsheet'] },
      details: { reason: (error instanceof Error ? error.message : String(error)).slice(0, 200) },
    });
  }
}

/**
 * The rows below a sheet's header, with where the header row puts the name and number columns
 * and the `optional` ones (-1 when absent); a header without the name or the number is refused.
 */
function locateColumns<C extends ContactSheetColumn>(
  rows: unknown[][],
  optional: readonly C[],
  missing: string,
): { at: Record<'name' | 'number' | C, number>; body: unknown[][] } {
  const [header = [], ...body] = rows;
  const titles = header.map((cell) => cellText(cell).toLowerCase());
  const column = (names: readonly string[]) => titles.findIndex((title) => names.includes(title));
  const at = { name: column(Columns.name), number: column(Columns.number) };
  if (at.name < 0 || at.number < 0)
    throw new AppError('ERR_VALIDATION', { fields: { file: [missing] } });
  const found = Object.fromEntries(optional.map((key) => [key, column(Columns[key])]));
  return { at: { ...at, ...(found as Record<C, number>) }, body };
}

/** The rows read: none, or more than `max`, refuse the file. */
function counted<T>(rows: T[], max: number): T[] {
  if (!rows.length) throw new AppError('ERR_VALIDATION', { fields: { file: ['No rows'] } });
  if (rows.length > max)
    throw new AppError('ERR_VALIDATION', { fields: { file: [`At most ${max} rows`] } });
  return rows;
}

/** The first sheet's rows as { name, number, email, tags }, located by the header row's titles. */
export async function readContactSheet(
  bytes: Buffer,
): Promise<{ name: string; number: string; email: string; tags: string[] }[]> {
  if (!isXlsx(bytes))
    throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', { message: 'Only xlsx files are accepted.' });
  const { at, body } = locateColumns(
    await readRows(bytes),
    ['email', 'tags'],
    'The first row must name the columns name and number',
  );
  const contacts = body
    .map((row) => ({
      name: cellText(row[at.name]),
      number: cellText(row[at.number]),
      email: at.email >= 0 ? cellText(row[at.email]) : '',
      tags: at.tags >= 0 ? tagNames(cellText(row[at.tags])) : [],
    }))
    .filter((row) => row.name || row.number);
  return counted(contacts, ContactImportMaxRows);
}

/** The legacy binary Excel format (OLE2 compound file): readable only once saved again as .xlsx. */
export const isLegacyXls = (bytes: Buffer): boolean =>
  bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'));

/**
 * A contact list's sheet (spec 3 §2.6; BEHAVIOUR.md §6: columns nome, numero, email): every non-empty row
 * with its row number, for the service to validate one by one. A file that is not a sheet, a sheet
 * without the name and number columns, no rows or more than ContactListImportMaxRows are refused whole.
 */
export async function readContactListSheet(bytes: Buffer): Promise<ContactListImportRow[]> {
  if (isLegacyXls(bytes))
    throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', {
      message: 'Legacy .xls files are not read: save the sheet as .xlsx and send it again.',
    });
  if (!isXlsx(bytes))
    throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', {
      message: 'Only .xls and .xlsx spreadsheets are accepted.',
    });
  const { at, body } = locateColumns(
    await readRows(bytes),
    ['email'],
    'The first row must name the columns nome (name) and numero (number)',
  );
  const found: ContactListImportRow[] = [];
  body.forEach((row, index) => {
    const item = {
      row: index + 2,
      name: cellText(row[at.name]),
      number: cellText(row[at.number]),
      email: at.email >= 0 ? cellText(row[at.email]) : '',
    };
    if (item.name || item.number || item.email) found.push(item);
  });
  return counted(found, ContactListImportMaxRows);
}
