import type { PhoneContact, PhoneContactsCommand } from '@sb/contracts';

/**
 * One person as a Baileys session reported them, ready to be kept (whatsapp_phone_contacts). `jid` is the
 * row's key: the phone JID when the number is known, else the LID JID.
 */
export type PhoneContactEntry = {
  jid: string;
  lid: string | null;
  number: string | null;
  /** the name saved in the phone's address book */
  name: string | null;
  /** the name the person set for themselves, or the chat's name */
  notify: string | null;
  inContacts: boolean;
  inChats: boolean;
};

/** A kept row, as read back. */
export type PhoneContactRow = PhoneContactEntry;

/** What Baileys gives in `contacts.upsert` / `contacts.update` / history sync contacts (Contact). */
export type ReportedContact = {
  id?: string | null;
  lid?: string | null;
  phoneNumber?: string | null;
  name?: string | null;
  notify?: string | null;
  verifiedName?: string | null;
};

/** What Baileys gives in `chats.upsert` / history sync chats (proto.IConversation). */
export type ReportedChat = {
  id?: string | null;
  pnJid?: string | null;
  lidJid?: string | null;
  name?: string | null;
  displayName?: string | null;
};

/** Servers of a person's phone JID (`c.us` is the old spelling), and of their LID. */
const PhoneServers = new Set(['s.whatsapp.net', 'c.us', 'hosted']);
const LidServers = new Set(['lid', 'hosted.lid']);
/** E.164: at most 15 digits; fewer than 7 is no phone number. */
const PhoneDigits = /^\d{7,15}$/;
const LidDigits = /^\d{1,40}$/;
const NameMax = 255;

type PersonId = { kind: 'phone' | 'lid'; user: string };

/**
 * The person a JID names, or null for what is no person: groups (`@g.us`), broadcast lists and status
 * (`@broadcast`), newsletters (`@newsletter`), bots, calls, malformed ids. The device (`:12`) and agent
 * (`_1`) parts go; a phone number keeps its digits only.
 */
export function personOfJid(jid: string | null | undefined): PersonId | null {
  if (typeof jid !== 'string') return null;
  const at = jid.lastIndexOf('@');
  if (at <= 0) return null;
  const server = jid.slice(at + 1).toLowerCase();
  const user = jid.slice(0, at).split(':')[0].split('_')[0];
  if (PhoneServers.has(server)) return PhoneDigits.test(user) ? { kind: 'phone', user } : null;
  if (LidServers.has(server)) return LidDigits.test(user) ? { kind: 'lid', user } : null;
  return null;
}

/** `+55 (11) 99999-0000`, `5511999990000@s.whatsapp.net` or `…:3@s.whatsapp.net` → `5511999990000`. */
export function normalisePhoneNumber(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  if (value.includes('@')) {
    const person = personOfJid(value);
    return person?.kind === 'phone' ? person.user : null;
  }
  const digits = value.replace(/\D/g, '');
  return PhoneDigits.test(digits) ? digits : null;
}

const cleanName = (value: string | null | undefined): string | null => {
  const name = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  return name ? name.slice(0, NameMax) : null;
};

/** The person behind several ids of one report (id, phone JID, LID), or null when none names a person. */
function entryOf(
  ids: (string | null | undefined)[],
  fields: Pick<PhoneContactEntry, 'name' | 'notify' | 'inContacts' | 'inChats'>,
): PhoneContactEntry | null {
  let number: string | null = null;
  let lid: string | null = null;
  for (const id of ids) {
    const person = personOfJid(id);
    if (person?.kind === 'phone') number ??= person.user;
    if (person?.kind === 'lid') lid ??= person.user;
  }
  if (!number && !lid) return null;
  return {
    jid: number ? `${number}@s.whatsapp.net` : `${lid}@lid`,
    lid,
    number,
    ...fields,
  };
}

/** `contacts.upsert` and history sync contacts (`inContacts`), or `contacts.update` (names, LIDs only). */
export function contactEntries(
  contacts: ReportedContact[] | null | undefined,
  inContacts: boolean,
): PhoneContactEntry[] {
  const entries: PhoneContactEntry[] = [];
  for (const contact of contacts ?? []) {
    if (!contact) continue;
    const entry = entryOf([contact.id, contact.phoneNumber, contact.lid], {
      name: cleanName(contact.name),
      notify: cleanName(contact.notify) ?? cleanName(contact.verifiedName),
      inContacts,
      inChats: false,
    });
    if (entry) entries.push(entry);
  }
  return entries;
}

/** `chats.upsert` and history sync chats: the peers of one-to-one chats (groups and lists fall out). */
export function chatEntries(chats: ReportedChat[] | null | undefined): PhoneContactEntry[] {
  const entries: PhoneContactEntry[] = [];
  for (const chat of chats ?? []) {
    if (!chat) continue;
    const entry = entryOf([chat.id, chat.pnJid, chat.lidJid], {
      name: null,
      notify: cleanName(chat.name) ?? cleanName(chat.displayName),
      inContacts: false,
      inChats: true,
    });
    if (entry) entries.push(entry);
  }
  return entries;
}

/** Phone/LID pairs (`lid-mapping.update`, history sync `lidPnMappings`): they tell LID-only peers' numbers. */
export function mappingEntries(
  mappings: { pn?: string | null; lid?: string | null }[] | null | undefined,
): PhoneContactEntry[] {
  const entries: PhoneContactEntry[] = [];
  for (const mapping of mappings ?? []) {
    const entry = entryOf([mapping?.pn, mapping?.lid], {
      name: null,
      notify: null,
      inContacts: false,
      inChats: false,
    });
    if (entry?.number && entry.lid) entries.push(entry);
  }
  return entries;
}

/** The session's own number and LID (`socket.user`), which never count as someone the phone knows. */
export function ownIdsOf(user: { id?: string | null; lid?: string | null } | null | undefined): {
  numbers: string[];
  lids: string[];
} {
  const numbers: string[] = [];
  const lids: string[] = [];
  for (const id of [user?.id, user?.lid]) {
    const person = personOfJid(id);
    if (person?.kind === 'phone') numbers.push(person.user);
    if (person?.kind === 'lid') lids.push(person.user);
  }
  return { numbers, lids };
}

/** A report from a chat list only: its name is the chat's, weaker than the person's own. */
export const chatOnly = (entry: Pick<PhoneContactEntry, 'inContacts' | 'inChats'>): boolean =>
  entry.inChats && !entry.inContacts;

/**
 * One entry per key, so a batch upserts each row once: later reports fill what earlier ones lacked, and a
 * flag once set stays set. The session's own ids are dropped.
 */
export function mergeEntries(
  entries: PhoneContactEntry[],
  own: { numbers: string[]; lids: string[] } = { numbers: [], lids: [] },
): PhoneContactEntry[] {
  const byJid = new Map<string, PhoneContactEntry>();
  for (const entry of entries) {
    if (entry.number && own.numbers.includes(entry.number)) continue;
    if (entry.lid && own.lids.includes(entry.lid)) continue;
    const kept = byJid.get(entry.jid);
    if (!kept) {
      byJid.set(entry.jid, { ...entry });
      continue;
    }
    kept.lid = entry.lid ?? kept.lid;
    kept.number = entry.number ?? kept.number;
    kept.name = entry.name ?? kept.name;
    // a chat's name only stands in for the person's own name, never replaces it
    kept.notify = chatOnly(entry) ? (kept.notify ?? entry.notify) : (entry.notify ?? kept.notify);
    kept.inContacts ||= entry.inContacts;
    kept.inChats ||= entry.inChats;
  }
  return [...byJid.values()];
}

/**
 * The answer of `connectors.contact.list` from the kept rows: the people of the asked source with a phone
 * number (a LID-only row gets it from another row of the same LID, else it is left out), one per number,
 * never the connection's own number, named by the saved name, else the person's own or the chat's.
 */
export function phoneContactsOf(
  rows: PhoneContactRow[],
  source: PhoneContactsCommand['source'],
  ownNumbers: (string | null | undefined)[] = [],
): PhoneContact[] {
  const own = new Set(ownNumbers.map((value) => normalisePhoneNumber(value)).filter(Boolean));
  const numberOfLid = new Map<string, string>();
  for (const row of rows) if (row.lid && row.number) numberOfLid.set(row.lid, row.number);
  const names = new Map<string, { name: string | null; notify: string | null }>();
  const listed = new Set<string>();
  for (const row of rows) {
    const number = row.number ?? (row.lid ? numberOfLid.get(row.lid) : undefined);
    if (!number || own.has(number)) continue;
    const known = names.get(number) ?? { name: null, notify: null };
    known.name ??= row.name;
    known.notify ??= row.notify;
    names.set(number, known);
    if (source === 'contacts' ? row.inContacts : row.inChats) listed.add(number);
  }
  return [...listed].sort().map((number) => {
    const known = names.get(number);
    return { name: known?.name ?? known?.notify ?? '', number, isGroup: false };
  });
}
