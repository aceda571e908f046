/**
 * WhatsApp's message formatting as a tree of plain nodes: *bold*, _italic_, ~strike~, ```mono``` and
 * http(s) links. The text stays data: the tree is rendered as React elements, never as HTML.
 *
 * WhatsApp's rules, as followed here:
 * - an opening marker starts the text or follows a character that is not a letter or digit, and is
 *   followed by a non-space; a closing marker follows a non-space and ends the text or is followed by a
 *   character that is not a letter or digit (so a*b*c and snake_case_names stay as typed);
 * - bold, italic and strike nest inside each other, but not inside themselves, and do not cross a line;
 * - ```mono``` may span lines and its content is never formatted;
 * - a link runs to the next space, without trailing punctuation; markers inside it (underscores in
 *   a path) are part of the link;
 * - a marker without its pair is shown as typed.
 */
export type FormatNode =
  | { kind: 'text'; text: string }
  | { kind: 'mono'; text: string }
  | { kind: 'link'; href: string; text: string }
  | { kind: 'bold' | 'italic' | 'strike'; children: FormatNode[] };

type StyleKind = 'bold' | 'italic' | 'strike';

const Markers: Record<string, StyleKind> = { '*': 'bold', _: 'italic', '~': 'strike' };
const Fence = '```';
const WordChar = /[\p{L}\p{N}]/u;
const Space = /\s/u;
const UrlStart = /^https?:\/\/[^\s]/i;
// punctuation that ends a sentence or closes a marker rather than belonging to the link
const UrlTrailing = /[.,;:!?'")\]}*_~]+$/;

const isWordChar = (char: string | undefined) => char !== undefined && WordChar.test(char);
const isSpace = (char: string | undefined) => char !== undefined && Space.test(char);

/** The end (exclusive) of a link starting at `at`, or -1 when no link starts there. */
const linkEnd = (text: string, at: number, end: number): number => {
  if (isWordChar(text[at - 1])) return -1;
  const rest = text.slice(at, end);
  if (!UrlStart.test(rest)) return -1;
  const raw = /^\S+/.exec(rest)?.[0] ?? '';
  const trimmed = raw.replace(UrlTrailing, '');
  // "https://" alone is no link
  return /^https?:\/\/./i.test(trimmed) ? at + trimmed.length : -1;
};

const canOpen = (text: string, at: number, end: number) =>
  !isWordChar(text[at - 1]) && at + 1 < end && !isSpace(text[at + 1]);

const canClose = (text: string, at: number, end: number) =>
  !isSpace(text[at - 1]) && (at + 1 >= end || !isWordChar(text[at + 1]));

/** Where the marker opened at `open` closes on its line, skipping links, or -1. */
const findClose = (text: string, marker: string, open: number, end: number): number => {
  let at = open + 2; // the content is never empty
  while (at < end) {
    const char = text[at];
    if (char === '\n') return -1;
    const link = linkEnd(text, at, end);
    if (link > 0) {
      at = link;
      continue;
    }
    if (char === marker && canClose(text, at, end)) return at;
    at += 1;
  }
  return -1;
};

/** Adds text to the nodes, joined with a text node right before it. */
const pushText = (nodes: FormatNode[], text: string) => {
  if (!text) return;
  const last = nodes[nodes.length - 1];
  if (last?.kind === 'text') last.text += text;
  else nodes.push({ kind: 'text', text });
};

/** Bold, italic, strike and links of `text[start, end)`; `open` are the styles around it. */
const parseInline = (
  text: string,
  start: number,
  end: number,
  open: ReadonlySet<string>,
): FormatNode[] => {
  const nodes: FormatNode[] = [];
  let at = start;
  while (at < end) {
    const link = linkEnd(text, at, end);
    if (link > 0) {
      const href = text.slice(at, link);
      nodes.push({ kind: 'link', href, text: href });
      at = link;
      continue;
    }
    const char = text[at] ?? '';
    const kind = Markers[char];
    if (kind && !open.has(char) && canOpen(text, at, end)) {
      const close = findClose(text, char, at, end);
      if (close > 0) {
        const children = parseInline(text, at + 1, close, new Set([...open, char]));
        nodes.push({ kind, children });
        at = close + 1;
        continue;
      }
    }
    pushText(nodes, char);
    at += 1;
  }
  return nodes;
};

/** The formatting tree of a message's text. */
export const parseWhatsApp = (text: string): FormatNode[] => {
  const nodes: FormatNode[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf(Fence, at);
    const close = open < 0 ? -1 : text.indexOf(Fence, open + Fence.length + 1);
    if (open < 0 || close < 0) break;
    for (const node of parseInline(text, at, open, new Set())) {
      if (node.kind === 'text') pushText(nodes, node.text);
      else nodes.push(node);
    }
    nodes.push({ kind: 'mono', text: text.slice(open + Fence.length, close) });
    at = close + Fence.length;
  }
  for (const node of parseInline(text, at, text.length, new Set())) {
    if (node.kind === 'text') pushText(nodes, node.text);
    else nodes.push(node);
  }
  return nodes;
};

/** The text a reader sees, without markers. */
export const plainText = (nodes: FormatNode[]): string =>
  nodes.map((node) => ('children' in node ? plainText(node.children) : node.text)).join('');

/**
 * The first `max` visible characters of a tree, with "..." when it was cut (a row's last message):
 * cutting the tree, not the text, keeps a marker from showing when its pair falls past the cut.
 */
export const truncateNodes = (nodes: FormatNode[], max: number): FormatNode[] => {
  let left = max;
  const cut = (list: FormatNode[]): FormatNode[] => {
    const out: FormatNode[] = [];
    for (const node of list) {
      if (left <= 0) break;
      if ('children' in node) {
        out.push({ kind: node.kind, children: cut(node.children) });
        continue;
      }
      const text = node.text.slice(0, left);
      left -= node.text.length;
      out.push(node.kind === 'link' ? { ...node, text } : { kind: node.kind, text });
    }
    return out;
  };
  const total = plainText(nodes).length;
  if (total <= max) return nodes;
  const out = cut(nodes);
  out.push({ kind: 'text', text: '...' });
  return out;
};
