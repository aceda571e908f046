export type BannerInput = {
  webUrl: string;
  apiUrl: string;
  adminEmail: string;
  adminPasswordSet: boolean;
  database: 'embedded' | 'external';
  bus: 'nats' | 'in-process';
  dataDir: string;
  /** the emulator's Graph API, when Meta traffic goes there (no META_* set, not production) */
  channelEmulator?: string;
};

/** The one message a person reads after `npm start`; ends with `ready` so scripts can wait for it. */
export function renderBanner(input: BannerInput): string {
  const password = input.adminPasswordSet
    ? 'the ADMIN_PASSWORD you set'
    : 'the password printed above on the first start (set ADMIN_PASSWORD to choose one)';
  const lines = [
    '',
    '  Switchboard is running',
    '',
    `  Web app   ${input.webUrl}`,
    `  API       ${input.apiUrl}`,
    `  API docs  ${input.apiUrl}/docs`,
    '',
    `  Log in as ${input.adminEmail} with ${password}.`,
    '',
    `  Database  ${input.database === 'embedded' ? `embedded PostgreSQL in ${input.dataDir}` : 'DATABASE_URL'}`,
    `  Bus       ${input.bus === 'nats' ? 'NATS (NATS_URL)' : 'in-process'}`,
    ...(input.channelEmulator
      ? [
          `  Meta      the channel emulator (npm run emulator) at ${new URL(input.channelEmulator).origin}`,
        ]
      : []),
    '  Stop with Ctrl+C.',
    '',
    'ready',
    '',
  ];
  return lines.join('\n');
}
