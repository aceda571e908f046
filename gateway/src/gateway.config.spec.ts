import { webOriginsFrom } from './gateway.config.js';

describe('webOriginsFrom', () => {
  it('reads WEB_ORIGINS as a comma-separated allow-list, without trailing slashes or blanks', () => {
    expect(
      webOriginsFrom({ WEB_ORIGINS: 'https://app.example.com/, https://painel.example.com,,' }),
    ).toEqual(['https://app.example.com', 'https://painel.example.com']);
  });

  it('prefers WEB_ORIGINS over WEB_ORIGIN, and defaults to the local web app', () => {
    expect(
      webOriginsFrom({ WEB_ORIGINS: 'https://a.example.com', WEB_ORIGIN: 'https://b.example.com' }),
    ).toEqual(['https://a.example.com']);
    expect(webOriginsFrom({ WEB_ORIGIN: 'https://b.example.com' })).toEqual([
      'https://b.example.com',
    ]);
    expect(webOriginsFrom({})).toEqual(['http://localhost:3000']);
  });
});
