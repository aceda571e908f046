import { GraphEmulator } from '../channel-emulator/graph-emulator.js';
import { DemoAccounts, emulatorOptionsFrom } from './emulator-config.js';

// `npm run emulator`: the Graph API emulator on its own, for a local demo against `npm start`.
const options = emulatorOptionsFrom(process.env);
const emulator = await new GraphEmulator(options).start();
const lines = [
  `Channel emulator listening on ${emulator.url}`,
  `  type as a customer:  open ${emulator.url}/ in a browser`,
  `  webhooks go to:      ${options.webhookUrl} (signed with META_APP_SECRET)`,
  '',
  'Start Switchboard with:',
  `  META_GRAPH_URL=${emulator.graphUrl} META_APP_SECRET=${options.appSecret} META_VERIFY_TOKEN=<any> npm start`,
  'then add a WhatsApp Cloud API connection with',
  `  phoneNumberId ${DemoAccounts.phoneNumberId}, accessToken ${DemoAccounts.accessToken}`,
  `  (business account ID ${DemoAccounts.businessAccountId} lists its message templates)`,
  `or POST /facebook with any user token (page ${DemoAccounts.pageId}, Instagram ${DemoAccounts.instagramId}).`,
];
process.stdout.write(`${lines.join('\n')}\n`);

const stop = () => {
  void emulator.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
