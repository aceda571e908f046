import { wallClockParts } from '@sb/platform/clock';
import { ticketCode } from '../tickets/core/ticket-rules.js';

/**
 * The mustache placeholders of outbound texts (BEHAVIOUR.md §4): {{name}} {{firstName}} {{ms}}
 * {{protocol}} {{date}} {{hour}} {{data_hora}} {{ticket_id}} {{userName}} {{queue}} {{connection}}
 * {{name_company}}. Unknown placeholders stay as written.
 */
export type PlaceholderValues = {
  contactName: string;
  ticketId: number;
  protocol: string;
  userName: string;
  queueName: string;
  connectionName: string;
  companyName?: string;
  /** the caller's language (pt-BR when unknown) */
  lang?: string;
  /** the moment the text is sent */
  now: Date;
  /** IANA time zone of the company (America/Sao_Paulo when unknown) */
  timeZone?: string;
};

const greetings: Record<string, [morning: string, afternoon: string, evening: string]> = {
  'pt-BR': ['Bom dia', 'Boa tarde', 'Boa noite'],
  pt: ['Bom dia', 'Boa tarde', 'Boa noite'],
  en: ['Good morning', 'Good afternoon', 'Good evening'],
  es: ['Buenos días', 'Buenas tardes', 'Buenas noches'],
  tr: ['Günaydın', 'İyi günler', 'İyi akşamlar'],
};

/** Greeting by the hour: before 12 morning, before 18 afternoon, else evening (night before 5 too). */
export const greetingFor = (hour: number, lang?: string): string => {
  const set =
    greetings[lang ?? ''] ?? greetings[(lang ?? '').split('-')[0] ?? ''] ?? greetings['pt-BR']!;
  if (hour >= 5 && hour < 12) return set[0];
  if (hour >= 12 && hour < 18) return set[1];
  return set[2];
};

/** Replaces the known placeholders of `text`. */
export const fillPlaceholders = (text: string, values: PlaceholderValues): string => {
  if (!text.includes('{{')) return text;
  const local = wallClockParts(values.now, values.timeZone ?? 'America/Sao_Paulo');
  const date = `${local.day}/${local.month}/${local.year}`;
  const hour = `${local.hour}:${local.minute}:${local.second}`;
  const firstName = values.contactName.trim().split(/\s+/)[0] ?? '';
  const known: Record<string, string> = {
    name: values.contactName,
    firstname: firstName,
    ms: greetingFor(Number(local.hour), values.lang),
    protocol: values.protocol,
    date,
    hour,
    data_hora: `${date} ${hour}`,
    ticket_id: String(values.ticketId),
    username: values.userName,
    queue: values.queueName,
    connection: values.connectionName,
    name_company: values.companyName ?? '',
  };
  return text.replace(/\{\{\s*([A-Za-z_]+)\s*\}\}/g, (whole, key: string) => {
    const value = known[key.toLowerCase()];
    return value === undefined ? whole : value;
  });
};

/** The protocol shown to the contact: the ticket's creation day (yyyyMMdd) and its id. */
export const ticketProtocol = (ticket: { id: number; createdAt: Date }): string =>
  ticketCode(ticket.id, ticket.createdAt);

/** The agent signature the client toggles: `*Name:*` and a newline before the text. */
export const signBody = (body: string, userName: string): string =>
  userName ? `*${userName}:*\n${body}` : body;
