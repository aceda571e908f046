/**
 * The conversation test language: one step per line, blank lines and `#` comments ignored. Pure: it
 * turns text into steps; the runner (conversation.ts) plays them against a running stack.
 *
 *   contact says <text>                 (text bare or "quoted" with JSON escapes)
 *   contact calls | contact video calls (a WhatsApp call the contact places; the stack must place calls)
 *   bot answers <text | "text" | /re/flags> [within <n> s]
 *   contact receives <…>                (the same as bot answers: any outbound message)
 *   bot stays silent [for <n> s|ms|min]  (default 2 s)
 *   phone <number> receives <…> [within <n> s]   (what another number gets, e.g. the on-duty phone)
 *   phone <number> stays silent [for <n> s|ms|min]
 *   advance clock <n> ms|s|sec|min|h|hours|d|days
 *   wait <n> ms|s|min
 *   agent|admin accepts
 *   agent|admin says <text>
 *   agent|admin transfers to queue <name>
 *   agent|admin transfers to <agent|admin> [in queue <name>]
 *   agent|admin returns to queue
 *   agent|admin closes [without farewell]
 *   ticket is <pending|open|closed|group|lgpd|nps>
 *   ticket queue is <name | none>
 *   ticket user is <agent | admin | none>
 */

export type Actor = 'agent' | 'admin';
/** The kinds of file a contact sends in scripts (`contact sends audio`, `contact sends image "caption"`). */
export type ContactMedia = 'image' | 'audio' | 'video' | 'document';
export type TextMatch = string | RegExp;

export type ScriptStep =
  | { kind: 'contactSays'; text: string }
  | { kind: 'contactSends'; media: ContactMedia; caption?: string }
  | { kind: 'contactCalls'; video: boolean }
  | { kind: 'botAnswers'; match: TextMatch; timeoutMs?: number }
  | { kind: 'botSilent'; ms: number }
  | { kind: 'phoneReceives'; phone: string; match: TextMatch; timeoutMs?: number }
  | { kind: 'phoneSilent'; phone: string; ms: number }
  | { kind: 'advanceClock'; ms: number }
  | { kind: 'wait'; ms: number }
  | { kind: 'accept'; actor: Actor }
  | { kind: 'say'; actor: Actor; text: string }
  | { kind: 'transferToQueue'; actor: Actor; queue: string }
  | { kind: 'transferToUser'; actor: Actor; to: Actor; queue?: string }
  | { kind: 'returnToQueue'; actor: Actor }
  | { kind: 'close'; actor: Actor; farewell: boolean }
  | { kind: 'ticketIs'; status: string }
  | { kind: 'ticketQueueIs'; queue: string | null }
  | { kind: 'ticketUserIs'; user: Actor | null };

/** A step with where it came from (for the error that names the failed line). */
export type ScriptLine = { line: number; source: string; step: ScriptStep };

export class ScriptSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly source: string,
    reason: string,
  ) {
    super(`conversation script line ${line} "${source}": ${reason}`);
    this.name = 'ScriptSyntaxError';
  }
}

export const TicketStatusWords = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'] as const;

const units: Record<string, number> = {
  ms: 1,
  millisecond: 1,
  milliseconds: 1,
  s: 1000,
  sec: 1000,
  secs: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
  days: 86_400_000,
};

/** `30 min`, `1.5 s`, `2h`, `500 ms` → milliseconds; null when it is no duration. */
export const parseDuration = (text: string): number | null => {
  const found = /^(\d+(?:\.\d+)?)\s*([a-z]+)$/i.exec(text.trim());
  if (!found) return null;
  const unit = units[found[2]!.toLowerCase()];
  return unit === undefined ? null : Math.round(Number(found[1]) * unit);
};

/** Bare text, `"quoted text"` (JSON escapes), or `/regex/flags` when regexes are allowed. */
export const parseText = (raw: string, allowRegex: boolean): TextMatch => {
  const text = raw.trim();
  if (allowRegex) {
    const regex = /^\/(.+)\/([dgimsuy]*)$/.exec(text);
    if (regex) return new RegExp(regex[1]!, regex[2]);
  }
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return JSON.parse(text) as string;
  }
  return text;
};

const actorOf = (word: string): Actor | null =>
  word === 'agent' || word === 'admin' ? word : null;

type Rule = { pattern: RegExp; build: (m: RegExpExecArray) => ScriptStep | string };

const duration = (text: string, what: string): number | string => {
  const ms = parseDuration(text);
  return ms === null ? `"${text}" is no duration for ${what} (e.g. 30 min, 2 s, 500 ms)` : ms;
};

const rules: Rule[] = [
  {
    pattern: /^contact says\s+(.+)$/i,
    build: (m) => ({ kind: 'contactSays', text: parseText(m[1]!, false) as string }),
  },
  {
    pattern: /^contact sends\s+(image|audio|video|document)(?:\s+(.+))?$/i,
    build: (m) => ({
      kind: 'contactSends',
      media: m[1]!.toLowerCase() as ContactMedia,
      ...(m[2] ? { caption: parseText(m[2], false) as string } : {}),
    }),
  },
  {
    pattern: /^contact (video )?calls$/i,
    build: (m) => ({ kind: 'contactCalls', video: Boolean(m[1]) }),
  },
  {
    pattern: /^(?:bot answers|contact receives)\s+(.+?)(?:\s+within\s+(\S+(?:\s*[a-z]+)?))?$/i,
    build: (m) => {
      const match = parseText(m[1]!, true);
      if (match === '') return 'nothing to wait for';
      if (!m[2]) return { kind: 'botAnswers', match };
      const ms = duration(m[2], 'within');
      return typeof ms === 'string' ? ms : { kind: 'botAnswers', match, timeoutMs: ms };
    },
  },
  {
    pattern: /^bot stays silent(?:\s+for\s+(.+))?$/i,
    build: (m) => {
      const ms = m[1] ? duration(m[1], 'stays silent') : 2000;
      return typeof ms === 'string' ? ms : { kind: 'botSilent', ms };
    },
  },
  {
    pattern: /^phone\s+(\+?[\d\s().-]+?)\s+receives\s+(.+?)(?:\s+within\s+(\S+(?:\s*[a-z]+)?))?$/i,
    build: (m) => {
      const phone = m[1]!.replace(/\D/g, '');
      const match = parseText(m[2]!, true);
      if (match === '') return 'nothing to wait for';
      if (!m[3]) return { kind: 'phoneReceives', phone, match };
      const ms = duration(m[3], 'within');
      return typeof ms === 'string' ? ms : { kind: 'phoneReceives', phone, match, timeoutMs: ms };
    },
  },
  {
    pattern: /^phone\s+(\+?[\d\s().-]+?)\s+stays silent(?:\s+for\s+(.+))?$/i,
    build: (m) => {
      const ms = m[2] ? duration(m[2], 'stays silent') : 2000;
      const phone = m[1]!.replace(/\D/g, '');
      return typeof ms === 'string' ? ms : { kind: 'phoneSilent', phone, ms };
    },
  },
  {
    pattern: /^advance clock(?:\s+by)?\s+(.+)$/i,
    build: (m) => {
      const ms = duration(m[1]!, 'advance clock');
      return typeof ms === 'string' ? ms : { kind: 'advanceClock', ms };
    },
  },
  {
    pattern: /^wait\s+(.+)$/i,
    build: (m) => {
      const ms = duration(m[1]!, 'wait');
      return typeof ms === 'string' ? ms : { kind: 'wait', ms };
    },
  },
  {
    pattern: /^(agent|admin) accepts$/i,
    build: (m) => ({ kind: 'accept', actor: actorOf(m[1]!.toLowerCase())! }),
  },
  {
    pattern: /^(agent|admin) says\s+(.+)$/i,
    build: (m) => ({
      kind: 'say',
      actor: actorOf(m[1]!.toLowerCase())!,
      text: parseText(m[2]!, false) as string,
    }),
  },
  {
    pattern: /^(agent|admin) transfers to queue\s+(.+)$/i,
    build: (m) => ({
      kind: 'transferToQueue',
      actor: actorOf(m[1]!.toLowerCase())!,
      queue: parseText(m[2]!, false) as string,
    }),
  },
  {
    pattern: /^(agent|admin) transfers to\s+(\S+)(?:\s+in queue\s+(.+))?$/i,
    build: (m) => {
      const to = actorOf(m[2]!.toLowerCase());
      if (!to) return `transfers to "${m[2]}": say "queue <name>", "agent" or "admin"`;
      const actor = actorOf(m[1]!.toLowerCase())!;
      return m[3]
        ? { kind: 'transferToUser', actor, to, queue: parseText(m[3], false) as string }
        : { kind: 'transferToUser', actor, to };
    },
  },
  {
    pattern: /^(agent|admin) returns(?: it)? to (?:the )?queue$/i,
    build: (m) => ({ kind: 'returnToQueue', actor: actorOf(m[1]!.toLowerCase())! }),
  },
  {
    pattern: /^(agent|admin) closes(\s+without farewell)?$/i,
    build: (m) => ({ kind: 'close', actor: actorOf(m[1]!.toLowerCase())!, farewell: !m[2] }),
  },
  {
    pattern: /^ticket is\s+(.+)$/i,
    build: (m) => {
      const status = m[1]!.trim().toLowerCase();
      return (TicketStatusWords as readonly string[]).includes(status)
        ? { kind: 'ticketIs', status }
        : `unknown ticket status "${m[1]}" (${TicketStatusWords.join(' | ')})`;
    },
  },
  {
    pattern: /^ticket queue is\s+(.+)$/i,
    build: (m) => {
      const queue = parseText(m[1]!, false) as string;
      return { kind: 'ticketQueueIs', queue: queue.toLowerCase() === 'none' ? null : queue };
    },
  },
  {
    pattern: /^ticket user is\s+(\S+)$/i,
    build: (m) => {
      const word = m[1]!.toLowerCase();
      if (word === 'none') return { kind: 'ticketUserIs', user: null };
      const user = actorOf(word);
      return user
        ? { kind: 'ticketUserIs', user }
        : `unknown user "${m[1]}" (agent | admin | none)`;
    },
  },
];

/** Parses one line (without comment handling); throws ScriptSyntaxError naming the line. */
export const parseStep = (source: string, line = 1): ScriptStep => {
  const text = source.trim();
  for (const rule of rules) {
    const match = rule.pattern.exec(text);
    if (!match) continue;
    let built: ScriptStep | string;
    try {
      built = rule.build(match);
    } catch (err) {
      built = err instanceof Error ? err.message : String(err);
    }
    if (typeof built === 'string') throw new ScriptSyntaxError(line, text, built);
    return built;
  }
  throw new ScriptSyntaxError(line, text, 'unknown step');
};

/** Parses a whole script: one step per line; blank lines and lines starting with `#` are skipped. */
export const parseScript = (script: string): ScriptLine[] =>
  script.split(/\r?\n/).flatMap((raw, index) => {
    const source = raw.trim();
    if (!source || source.startsWith('#')) return [];
    return [{ line: index + 1, source, step: parseStep(source, index + 1) }];
  });
