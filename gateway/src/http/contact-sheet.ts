import { ContactImportMaxRows } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { readSheet } from 'read-excel-file/node';

/** Header names accepted for each column (the reference's Portuguese sheet and English ones). */
const Columns = {
  name: ['name', 'nome'],
  number: ['number', 'numero', 'número', 'phone', 'telefone'],
  email: ['email', 'e-mail'],
} as const;

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

/** The first sheet's rows as { name, number, email }, located by the header row's titles. */
export async function readContactSheet(
  bytes: Buffer,
): Promise<{ name: string; number: string; email: string }[]> {
  if (!isXlsx(bytes))
    throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', { message: 'Only xlsx files are accepted.' });
  let rows: unknown[][];
  try {
    rows = (await readSheet(bytes)) as unknown[][];
  } catch {
    throw new AppError('ERR_VALIDATION', { fields: { file: ['Unreadable spreadsheet'] } });
  }
  const [header = [], ...body] = rows;
  const titles = header.map((cell) => cellText(cell).toLowerCase());
  const column = (names: readonly string[]) => titles.findIndex((title) => names.includes(title));
  const at = {
    name: column(Columns.name),
    number: column(Columns.number),
    email: column(Columns.email),
  };
  if (at.name < 0 || at.number < 0)
    throw new AppError('ERR_VALIDATION', {
      fields: { file: ['The first row must name the columns name and number'] },
    });
  const contacts = body
    .map((row) => ({
      name: cellText(row[at.name]),
      number: cellText(row[at.number]),
      email: at.email >= 0 ? cellText(row[at.email]) : '',
    }))
    .filter((row) => row.name || row.number);
  if (!contacts.length) throw new AppError('ERR_VALIDATION', { fields: { file: ['No rows'] } });
  if (contacts.length > ContactImportMaxRows)
    throw new AppError('ERR_VALIDATION', {
      fields: { file: [`At most ${ContactImportMaxRows} rows`] },
    });
  return contacts;
}
