import { refreshCookieOf } from './refresh-cookie.js';

describe('refreshCookieOf', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['jrt=abc.def-ghi_1', 'abc.def-ghi_1'],
    ['theme=dark; jrt=tok; other=1', 'tok'],
    [' jrt = tok ', 'tok'],
    ['xjrt=nope; jrt=yes', 'yes'],
    ['jrt=first; jrt=second', 'first'],
    ['jrt="quoted"', 'quoted'],
    ['jrt=a%2Bb%3D', 'a+b='],
    ['jrt=%E0%A4%A', undefined],
    ['jrt=', undefined],
    ['jrt', undefined],
    ['other=jrt=x', undefined],
  ])('%p → %p', (header, expected) => {
    expect(refreshCookieOf(header)).toBe(expected);
  });
});
