import type { IncomingHttpHeaders } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client's address behind reverse proxies. Forwarded headers are believed only when the
 * peer is a configured proxy (TRUSTED_PROXIES); then X-Forwarded-For is read from the right, skipping
 * trusted hops, and the first untrusted one is the client (what a client writes itself sits further
 * left and is never reached). A tiny CIDR matcher of our own: no package for a few lines.
 */

type Address = { family: 4 | 6; value: bigint };
type Cidr = Address & { prefix: number };

/** Whether an address belongs to a configured proxy. */
export type TrustedProxies = (address: string) => boolean;

const width = (family: 4 | 6) => (family === 4 ? 32 : 128);

const ipv4Value = (text: string): bigint =>
  text.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);

const ipv6Value = (text: string): bigint => {
  let groups = text;
  let tail: bigint | undefined;
  // an embedded IPv4 tail (::ffff:10.0.0.1) is the last two groups
  const lastColon = groups.lastIndexOf(':');
  const last = groups.slice(lastColon + 1);
  if (isIPv4(last)) {
    tail = ipv4Value(last);
    groups = `${groups.slice(0, lastColon + 1)}0:0`;
  }
  const [head = '', rest] = groups.split('::');
  const left = head ? head.split(':') : [];
  const right = rest !== undefined && rest !== '' ? rest.split(':') : [];
  const fill = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  const value = [...left, ...fill, ...right].reduce(
    (acc, group) => (acc << 16n) | BigInt(parseInt(group, 16)),
    0n,
  );
  return tail === undefined ? value : (value & ~0xffffffffn) | tail;
};

/**
 * An address as it appears in a socket or a header (`10.0.0.1`, `::ffff:10.0.0.1`, `[::1]:443`,
 * `10.0.0.1:5000`, `fe80::1%eth0`) in one canonical form; IPv4-mapped IPv6 counts as IPv4.
 */
export const parseAddress = (raw: string | undefined): Address | undefined => {
  if (!raw) return undefined;
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.replace(/%.*$/, '');
  if (isIPv4(text)) return { family: 4, value: ipv4Value(text) };
  if (!isIPv6(text)) return undefined;
  const value = ipv6Value(text.toLowerCase());
  if (value >> 32n === 0xffffn) return { family: 4, value: value & 0xffffffffn };
  return { family: 6, value };
};

/** The canonical text of an address: dotted IPv4 (also for mapped ones), compressed-free IPv6. */
export const formatAddress = ({ family, value }: Address): string => {
  if (family === 4) {
    return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
  }
  const groups = Array.from({ length: 8 }, (_, i) =>
    ((value >> BigInt(112 - i * 16)) & 0xffffn).toString(16),
  );
  // the longest run of zero groups becomes '::'
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== '0') {
      i += 1;
      continue;
    }
    let end = i;
    while (end < 8 && groups[end] === '0') end += 1;
    if (end - i > best.length && end - i > 1) best = { start: i, length: end - i };
    i = end;
  }
  if (best.start < 0) return groups.join(':');
  const head = groups.slice(0, best.start).join(':');
  const tail = groups.slice(best.start + best.length).join(':');
  return `${head}::${tail}`;
};

/** `10.0.0.0/8`, `::1/128`, or a bare address (a host). Throws on anything else. */
export const parseCidr = (text: string): Cidr => {
  const [addressText = '', prefixText, extra] = text.trim().split('/');
  const address = parseAddress(addressText);
  if (!address || extra !== undefined) throw new Error(`not a CIDR: ${text}`);
  // a mapped IPv4 network written in IPv6 (::ffff:10.0.0.0/104) is an IPv4 one
  const mappedIn6 = address.family === 4 && isIPv6(addressText.replace(/^\[|\]$/g, ''));
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) {
    throw new Error(`not a CIDR: ${text}`);
  }
  let prefix = prefixText === undefined ? width(address.family) : Number(prefixText);
  if (mappedIn6 && prefixText !== undefined) prefix -= 96;
  if (prefix < 0 || prefix > width(address.family)) throw new Error(`bad prefix length: ${text}`);
  return { ...address, prefix };
};

const contains = (cidr: Cidr, address: Address): boolean => {
  if (cidr.family !== address.family) return false;
  const shift = BigInt(width(cidr.family) - cidr.prefix);
  return cidr.value >> shift === address.value >> shift;
};

/** TRUSTED_PROXIES: comma-separated CIDRs (IPv4 and IPv6); empty trusts nobody. Throws on a bad one. */
export const trustedProxiesFrom = (value: string | undefined): TrustedProxies => {
  const cidrs = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(parseCidr);
  return (raw) => {
    if (!cidrs.length) return false;
    const address = parseAddress(raw);
    return address !== undefined && cidrs.some((cidr) => contains(cidr, address));
  };
};

const headerText = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? value.join(',') : (value ?? '');

/**
 * The client of a request or socket handshake: the peer itself unless it is a trusted proxy; then the
 * rightmost untrusted X-Forwarded-For hop (all trusted: the leftmost), else X-Real-IP, else the peer.
 * A hop that is not an address stops the walk at the proxy that reported it.
 */
export const resolveClientAddress = (
  peer: string | undefined,
  headers: IncomingHttpHeaders,
  trusted: TrustedProxies,
): string => {
  const peerAddress = parseAddress(peer);
  if (!peerAddress) return 'unknown';
  let client = formatAddress(peerAddress);
  if (!trusted(client)) return client;
  const hops = headerText(headers['x-forwarded-for'])
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (!hops.length) {
    const real = parseAddress(headerText(headers['x-real-ip']));
    return real ? formatAddress(real) : client;
  }
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = parseAddress(hops[i]);
    if (!hop) return client;
    client = formatAddress(hop);
    if (!trusted(client)) return client;
  }
  return client;
};
