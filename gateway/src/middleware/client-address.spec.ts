import {
  formatAddress,
  parseAddress,
  parseCidr,
  resolveClientAddress,
  trustedProxiesFrom,
} from './client-address.js';

const canonical = (raw: string) => {
  const address = parseAddress(raw);
  return address && formatAddress(address);
};

describe('addresses', () => {
  it.each([
    ['10.1.2.3', '10.1.2.3'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['::FFFF:0a01:0203', '10.1.2.3'],
    ['10.1.2.3:5000', '10.1.2.3'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['::1', '::1'],
    ['::', '::'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
    [' 192.168.0.1 ', '192.168.0.1'],
  ])('%s reads as %s', (raw, expected) => {
    expect(canonical(raw)).toBe(expected);
  });

  it.each(['', 'unknown', '10.0.0', '10.0.0.256', '1::2::3', 'example.com', '_hidden'])(
    'refuses %p',
    (raw) => {
      expect(parseAddress(raw)).toBeUndefined();
    },
  );
});

describe('TRUSTED_PROXIES', () => {
  const trusted = trustedProxiesFrom('10.0.0.0/8, 192.168.1.7, ::1/128, fd00::/8');

  it.each([
    ['10.200.3.4', true],
    ['::ffff:10.200.3.4', true],
    ['11.0.0.1', false],
    ['192.168.1.7', true],
    ['192.168.1.8', false],
    ['::1', true],
    ['::2', false],
    ['fd12:3456::1', true],
    ['fe80::1', false],
    ['not an address', false],
  ])('%s trusted: %p', (address, expected) => {
    expect(trusted(address)).toBe(expected);
  });

  it('trusts nobody when unset, and everybody with 0.0.0.0/0 and ::/0', () => {
    expect(trustedProxiesFrom(undefined)('10.0.0.1')).toBe(false);
    expect(trustedProxiesFrom('')('::1')).toBe(false);
    const all = trustedProxiesFrom('0.0.0.0/0,::/0');
    expect(all('8.8.8.8') && all('2001:db8::1')).toBe(true);
  });

  it('reads a mapped IPv4 network written in IPv6', () => {
    expect(trustedProxiesFrom('::ffff:10.0.0.0/104')('10.9.9.9')).toBe(true);
  });

  it.each(['10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/8/1', 'ingress', '10.0.0.0/x'])(
    'refuses the CIDR %p',
    (cidr) => {
      expect(() => parseCidr(cidr)).toThrow();
    },
  );
});

describe('resolveClientAddress', () => {
  const trusted = trustedProxiesFrom('10.0.0.0/8,::1/128');

  it('ignores forwarded headers from a peer that is not a trusted proxy', () => {
    const headers = { 'x-forwarded-for': '1.1.1.1', 'x-real-ip': '2.2.2.2' };
    expect(resolveClientAddress('203.0.113.9', headers, trusted)).toBe('203.0.113.9');
    expect(resolveClientAddress('::ffff:203.0.113.9', headers, trusted)).toBe('203.0.113.9');
  });

  it('takes the rightmost untrusted hop behind trusted proxies, never what the client wrote', () => {
    // the client forged 6.6.6.6; the ingress appended the address it saw, then an inner proxy its own
    const headers = { 'x-forwarded-for': '6.6.6.6, 198.51.100.4, 10.0.0.2' };
    expect(resolveClientAddress('10.0.0.3', headers, trusted)).toBe('198.51.100.4');
    expect(resolveClientAddress('::1', headers, trusted)).toBe('198.51.100.4');
  });

  it('joins repeated X-Forwarded-For headers', () => {
    const headers = { 'x-forwarded-for': ['6.6.6.6', '198.51.100.4'] };
    expect(resolveClientAddress('10.0.0.3', headers, trusted)).toBe('198.51.100.4');
  });

  it('takes the leftmost hop when every hop is trusted', () => {
    const headers = { 'x-forwarded-for': '10.1.1.1, 10.2.2.2' };
    expect(resolveClientAddress('10.0.0.3', headers, trusted)).toBe('10.1.1.1');
  });

  it('uses X-Real-IP only without X-Forwarded-For', () => {
    expect(resolveClientAddress('10.0.0.3', { 'x-real-ip': '198.51.100.7' }, trusted)).toBe(
      '198.51.100.7',
    );
    expect(
      resolveClientAddress(
        '10.0.0.3',
        { 'x-real-ip': '198.51.100.7', 'x-forwarded-for': '198.51.100.8' },
        trusted,
      ),
    ).toBe('198.51.100.8');
  });

  it('stops at the proxy that reported a hop that is not an address', () => {
    const headers = { 'x-forwarded-for': '198.51.100.4, garbage, 10.0.0.2' };
    expect(resolveClientAddress('10.0.0.3', headers, trusted)).toBe('10.0.0.2');
    expect(resolveClientAddress('10.0.0.3', { 'x-real-ip': 'nope' }, trusted)).toBe('10.0.0.3');
  });

  it('answers unknown without a peer address', () => {
    expect(resolveClientAddress(undefined, {}, trusted)).toBe('unknown');
  });
});
