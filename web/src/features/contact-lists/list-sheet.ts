import { ContactListExampleSheet } from '@sb/contracts';

/** Spec 3 §5: the import accepts .xls and .xlsx only. */
export const isListSheetFile = (file: { name: string }) => /\.xlsx?$/i.test(file.name);

/** The example sheet (columns nome, numero, email and a sample row); the library loads on demand. */
export const downloadExampleSheet = async (): Promise<void> => {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const rows = [
    [...ContactListExampleSheet.header],
    ...ContactListExampleSheet.rows.map((row) => [...row]),
  ];
  await writeXlsxFile(rows).toFile('planilha_exemplo.xlsx');
};

/** The first field messages of a form error answer (`fields` of ERR_VALIDATION), by field. */
export const fieldErrorsOf = (error: unknown): Record<string, string> => {
  const fields = (error as { data?: { fields?: Record<string, string[]> } })?.data?.fields ?? {};
  return Object.fromEntries(
    Object.entries(fields).map(([key, messages]) => [key, messages[0] ?? '']),
  );
};

/** The translation key of a contract form message of spec 3 §5. */
export const messageKey = (message: string): FormMessageKey =>
  FormMessageKeys[message] ?? 'invalid';

type FormMessageKey = 'required' | 'tooShort' | 'tooLong' | 'invalidEmail' | 'invalid';
const FormMessageKeys: Record<string, FormMessageKey> = {
  Required: 'required',
  'Too Short!': 'tooShort',
  'Too Long!': 'tooLong',
  'Invalid email': 'invalidEmail',
};
