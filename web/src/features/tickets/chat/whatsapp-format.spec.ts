import { describe, expect, it } from 'vitest';
import { parseWhatsApp, plainText, truncateNodes, type FormatNode } from './whatsapp-format.js';

const text = (value: string): FormatNode => ({ kind: 'text', text: value });
const bold = (...children: FormatNode[]): FormatNode => ({ kind: 'bold', children });
const italic = (...children: FormatNode[]): FormatNode => ({ kind: 'italic', children });
const strike = (...children: FormatNode[]): FormatNode => ({ kind: 'strike', children });
const link = (href: string): FormatNode => ({ kind: 'link', href, text: href });

describe('parseWhatsApp', () => {
  it('marks bold, italic, struck and mono parts and keeps the rest plain', () => {
    expect(parseWhatsApp('hi *there* _you_ ~no~ ```x``` ok')).toEqual([
      text('hi '),
      bold(text('there')),
      text(' '),
      italic(text('you')),
      text(' '),
      strike(text('no')),
      text(' '),
      { kind: 'mono', text: 'x' },
      text(' ok'),
    ]);
    expect(parseWhatsApp('plain')).toEqual([text('plain')]);
    expect(parseWhatsApp('')).toEqual([]);
  });

  it('reads the signature the app puts before an answer', () => {
    expect(parseWhatsApp('*Admin:*\nHello')).toEqual([bold(text('Admin:')), text('\nHello')]);
  });

  it('nests different markers but not a marker inside itself', () => {
    expect(parseWhatsApp('*bold _both_ bold*')).toEqual([
      bold(text('bold '), italic(text('both')), text(' bold')),
    ]);
    expect(parseWhatsApp('_~*all*~_')).toEqual([italic(strike(bold(text('all'))))]);
    expect(parseWhatsApp('*a *b* c*')).toEqual([bold(text('a *b')), text(' c*')]);
  });

  it('shows unmatched markers as typed', () => {
    expect(parseWhatsApp('*open only')).toEqual([text('*open only')]);
    expect(parseWhatsApp('2 * 3 = 6 and 4 * 5')).toEqual([text('2 * 3 = 6 and 4 * 5')]);
    expect(parseWhatsApp('* spaced *')).toEqual([text('* spaced *')]);
    expect(parseWhatsApp('**')).toEqual([text('**')]);
    expect(parseWhatsApp('```open')).toEqual([text('```open')]);
  });

  it('leaves markers inside words alone, as WhatsApp does', () => {
    expect(parseWhatsApp('a*b*c')).toEqual([text('a*b*c')]);
    expect(parseWhatsApp('snake_case_name')).toEqual([text('snake_case_name')]);
    expect(parseWhatsApp('x *y*z')).toEqual([text('x *y*z')]);
    // punctuation is no word: (*yes*) and *yes*! are bold
    expect(parseWhatsApp('(*yes*)!')).toEqual([text('('), bold(text('yes')), text(')!')]);
  });

  it('does not carry inline markers across lines', () => {
    expect(parseWhatsApp('*one\ntwo*')).toEqual([text('*one\ntwo*')]);
  });

  it('keeps mono content raw, over several lines', () => {
    expect(parseWhatsApp('code:\n```line *1*\n_line_ 2```\nend')).toEqual([
      text('code:\n'),
      { kind: 'mono', text: 'line *1*\n_line_ 2' },
      text('\nend'),
    ]);
  });

  it('finds http and https links, with underscores, without trailing punctuation', () => {
    expect(parseWhatsApp('see https://example.com/a_b_c/d?x=1_2.')).toEqual([
      text('see '),
      link('https://example.com/a_b_c/d?x=1_2'),
      text('.'),
    ]);
    expect(parseWhatsApp('_http://x.io/snake_case_')).toEqual([
      italic(link('http://x.io/snake_case')),
    ]);
    expect(parseWhatsApp('*go to https://example.com*')).toEqual([
      bold(text('go to '), link('https://example.com')),
    ]);
    expect(parseWhatsApp('ftp://no and https:// and xhttps://no')).toEqual([
      text('ftp://no and https:// and xhttps://no'),
    ]);
  });

  it('keeps every character of the text as data', () => {
    const raw = '<b onclick="x">hi</b> *<script>*';
    const nodes = parseWhatsApp(raw);
    expect(nodes).toEqual([text('<b onclick="x">hi</b> '), bold(text('<script>'))]);
    expect(plainText(nodes)).toBe('<b onclick="x">hi</b> <script>');
  });
});

describe('truncateNodes', () => {
  it('cuts the visible text, so no marker shows past the cut', () => {
    const nodes = parseWhatsApp(`*${'b'.repeat(50)}* tail`);
    const cut = truncateNodes(nodes, 40);
    expect(cut).toEqual([bold(text('b'.repeat(40))), text('...')]);
    expect(plainText(cut)).not.toContain('*');
  });

  it('keeps short texts whole', () => {
    const nodes = parseWhatsApp('*Admin:* ok');
    expect(truncateNodes(nodes, 40)).toBe(nodes);
  });
});
