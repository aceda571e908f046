import {
  ContactListItemInput,
  type ContactListImportFailure,
  type ContactListImportRow,
} from '@sb/contracts';
import type { ItemWrite } from './contact-lists.repository.js';

const RowFields = ContactListItemInput.pick({ name: true, number: true, email: true });

/**
 * Splits a sheet's rows into the items to store and the rows refused, each with its reasons (the messages
 * of spec 3 §5). A number repeated in the sheet is kept once: the first row wins, the later ones say so.
 */
export const validateImportRows = (
  rows: ContactListImportRow[],
): { items: ItemWrite[]; failed: ContactListImportFailure[] } => {
  const items: ItemWrite[] = [];
  const failed: ContactListImportFailure[] = [];
  const firstRowOf = new Map<string, number>();
  for (const row of rows) {
    const parsed = RowFields.safeParse({ name: row.name, number: row.number, email: row.email });
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'row');
        (fields[key] ??= []).push(issue.message);
      }
      failed.push({ row: row.row, fields });
      continue;
    }
    const earlier = firstRowOf.get(parsed.data.number);
    if (earlier !== undefined) {
      failed.push({ row: row.row, fields: { number: [`Repeated (row ${earlier})`] } });
      continue;
    }
    firstRowOf.set(parsed.data.number, row.row);
    items.push(parsed.data);
  }
  return { items, failed };
};
