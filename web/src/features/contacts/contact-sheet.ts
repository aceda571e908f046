import {
  ContactExportFileName,
  ContactExportSheetName,
  type ContactImportJob,
  type ContactRecord,
  type ContactsPage,
} from '@sb/contracts';

/** The export walks the list 20 at a time (spec 2 §9) until the API says there is no more. */
export const collectAllContacts = async (
  fetchPage: (pageNumber: number) => Promise<ContactsPage>,
  maxPages = 10_000,
): Promise<ContactRecord[]> => {
  const all: ContactRecord[] = [];
  for (let pageNumber = 1; pageNumber <= maxPages; pageNumber += 1) {
    const page = await fetchPage(pageNumber);
    all.push(...page.contacts);
    if (!page.hasMore) break;
  }
  return all;
};

/** The sheet's rows: a header, then name, number, email and tag names per contact. */
export const contactSheetRows = (
  contacts: ContactRecord[],
  headers: { name: string; number: string; email: string; tags: string },
): string[][] => [
  [headers.name, headers.number, headers.email, headers.tags],
  ...contacts.map((c) => [c.name, c.number, c.email, c.tags.map((t) => t.name).join(', ')]),
];

/** Writes backup_contatos.xlsx with the sheet Contatos (spec 2 §9); the library loads on demand. */
export const downloadContactSheet = async (rows: string[][]): Promise<void> => {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  await writeXlsxFile(rows, { sheet: ContactExportSheetName }).toFile(ContactExportFileName);
};

/** The import dialog's state from the latest progress event. */
export const importProgress = (job: ContactImportJob | null) => {
  if (!job) return { running: false, finished: false, percent: 0 };
  const finished = job.status === 'finished';
  return {
    running: !finished,
    finished,
    percent: job.total ? Math.round((job.done / job.total) * 100) : 100,
  };
};

/** Spec 2 §5: only xlsx is imported (the file input still offers xls). */
export const isXlsxFile = (file: { name: string }) => /\.xlsx$/i.test(file.name);
