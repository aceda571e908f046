import { GraphEmulator } from '../channel-emulator/graph-emulator.js';
import { DemoAccounts, emulatorOptionsFrom } from './emulator-config.js';

// `npm run emulator`: the Graph API emulator on its own, for a local demo against `npm start`.
const options = emulatorOptionsFrom(process.env);
const emulator = await new GraphEmulator(options).start();
const lines = [
  `Channel emulator listening on ${emulator.url}`,
  `  type as a customer:  open ${emulator.url}/ in a browser`,
  `  webhooks go to:      ${options.webhookUrl}`,
  '',
  'A running `npm start` (no META_* variable set, NODE_ENV not production) already uses it: no restart.',
  'In the web app add a WhatsApp Cloud API connection with',
  `  phoneNumberId ${DemoAccounts.phoneNumberId}, accessToken ${DemoAccounts.accessToken}`,
  `  (business account ID ${DemoAccounts.businessAccountId} lists its message templates)`,
  `or POST /facebook with any user token (page ${DemoAccounts.pageId}, Instagram ${DemoAccounts.instagramId}),`,
  'then link the connection to your queues so the customer gets the menu.',
];
process.stdout.write(`${lines.join('\n')}\n`);

const stop = () => {
  void emulator.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
