import { z } from 'zod';
import { ref } from '../refs/refs.js';
import { ChannelKinds } from '../channels/channels.js';
import { queryDay } from '../http/form-values.js';
import { recordId } from '../http/record-ids.js';
import { listQuery } from '../http/list-query.js';

/** Custom fields shown under "extra info" in the contact modal. */
export const ContactExtraInfoInput = z.object({
  name: z.string().trim().min(1, 'Required').max(100, 'Too Long!'),
  value: z.string().trim().max(1000, 'Too Long!'),
});
export type ContactExtraInfoInput = z.infer<typeof ContactExtraInfoInput>;

/** Contact modal fields (spec 1 §5): the web form and the tickets service share it. */
export const ContactInput = z.object({
  name: z.string({ error: 'Required' }).trim().min(2, 'Too Short!').max(50, 'Too Long!'),
  number: z.string({ error: 'Required' }).trim().min(8, 'Too Short!').max(50, 'Too Long!'),
  email: z
    .union([z.literal(''), z.string().trim().toLowerCase().pipe(z.email('Invalid email'))])
    .default(''),
  disableBot: z.boolean().default(false),
  extraInfo: z.array(ContactExtraInfoInput).max(50).default([]),
});
export type ContactInput = z.infer<typeof ContactInput>;
export type ContactForm = z.input<typeof ContactInput>;

/** PUT /contacts/:id: any subset of the modal's fields. */
export const ContactUpdateInput = ContactInput.partial().extend({
  email: ContactInput.shape.email.unwrap().optional(),
  disableBot: z.boolean().optional(),
  extraInfo: z.array(ContactExtraInfoInput).max(50).optional(),
});
export type ContactUpdateInput = z.infer<typeof ContactUpdateInput>;

/**
 * POST /contactsImport: one spreadsheet row (email and tags optional). Tags are names: a known tag of
 * the company is linked, an unknown one created (at least 3 characters, like the contact form's).
 */
export const ContactImportRow = z.object({
  name: z.coerce.string().trim().min(1, 'Required').max(50, 'Too Long!'),
  number: z.coerce.string().trim().min(8, 'Too Short!').max(50, 'Too Long!'),
  email: z.coerce.string().trim().max(255).optional().default(''),
  tags: z
    .array(z.string().trim().min(3, 'Tag muito curta!').max(100, 'Too Long!'))
    .max(50)
    .optional()
    .default([]),
});
export type ContactImportRow = z.infer<typeof ContactImportRow>;

const IdList = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  if (!value.trim()) return [];
  try {
    return JSON.parse(value);
  } catch {
    return value.split(',');
  }
}, z.array(recordId).max(200));

const DateText = queryDay;

/** GET /contacts query (spec 1 §7, spec 2 §7). contactTag is a JSON list of tag ids. */
export const ContactListQuery = listQuery(
  {
    channel: z
      .enum(ChannelKinds)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    isGroup: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional()
      .or(z.boolean().optional())
      .or(z.literal('').transform(() => undefined)),
    contactTag: IdList.optional(),
    date: DateText.optional().or(z.literal('').transform(() => undefined)),
    dateStart: DateText.optional().or(z.literal('').transform(() => undefined)),
    dateEnd: DateText.optional().or(z.literal('').transform(() => undefined)),
  },
  { searchMax: 100, pageMax: 100_000 },
);
export type ContactListQuery = z.infer<typeof ContactListQuery>;
export type ContactListParams = z.input<typeof ContactListQuery>;

/** Contacts per page (spec 2 §9: the list and the export use pages of 20). */
export const ContactsPageSize = 20;

/** GET /contacts/list query: the pickers' short search (spec 1 §5 starts at 3 characters, in the web). */
export const ContactPickerQuery = z.object({
  searchParam: z.string().trim().max(100).default(''),
});

/** PUT /contacts/block/:id body. */
export const ContactBlockInput = z.object({ active: z.boolean() });

/** Only xlsx is imported (spec 2 §5). */
export const ContactImportMimeTypes = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
/** POST /contacts/import and /contacts/import/chats body: the connection (default: the default WhatsApp one). */
export const ContactPhoneImportInput = z.object({
  whatsappId: ref('connection', recordId)
    .nullish()
    .transform((v) => v ?? null),
});
export type ContactPhoneImportInput = z.infer<typeof ContactPhoneImportInput>;

/** One imported row every 330 ms; progress every 5 rows (spec 2 §9). */
export const ContactImportRowIntervalMs = 330;

/**
 * The sheet's columns, found by the first row's titles (any case): the export's headers in every
 * language of the app and the reference's Portuguese ones. Other columns are ignored. Tags are names
 * separated by commas, as the export writes them.
 */
export const ContactSheetColumns = {
  name: ['name', 'nome', 'nombre', 'ad'],
  number: ['number', 'numero', 'número', 'numara', 'phone', 'telefone', 'teléfono', 'telefono'],
  email: ['email', 'e-mail', 'correo', 'e-posta'],
  tags: ['tags', 'tag', 'etiquetas', 'etiketler'],
} as const;
export type ContactSheetColumn = keyof typeof ContactSheetColumns;
export const ContactImportProgressEvery = 5;
/** Upper bound of rows in one uploaded sheet. */
export const ContactImportMaxRows = 10_000;

/** The export file (spec 2 §9). */
export const ContactExportFileName = 'backup_contatos.xlsx';
export const ContactExportSheetName = 'Contatos';
