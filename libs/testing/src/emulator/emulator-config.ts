import { channelEmulatorSecret, ChannelEmulatorDefaults } from '@sb/platform/config';
import type { GraphEmulatorOptions } from '../channel-emulator/graph-emulator.js';

type Env = Record<string, string | undefined>;

/** The demo accounts the standalone emulator knows from the start (any other id is accepted too). */
export const DemoAccounts = {
  phoneNumberId: '100000000000001',
  accessToken: 'emulator-token',
  displayPhoneNumber: '15550000001',
  /** its WhatsApp Business Account: the default message templates */
  businessAccountId: '400000000000001',
  pageId: '200000000000001',
  pageAccessToken: 'emulator-page-token',
  instagramId: '300000000000001',
} as const;

/**
 * `npm run emulator` settings from the environment:
 * EMULATOR_PORT (default 4010), EMULATOR_HOST (default 127.0.0.1),
 * EMULATOR_WEBHOOK_URL (default http://127.0.0.1:8080/webhooks/meta: the gateway),
 * META_APP_SECRET (signs the webhooks; the gateway's value), else the secret `npm start` shares in
 * DATA_DIR (default ./.data), so the demo needs no variable on either side.
 */
export function emulatorOptionsFrom(env: Env): GraphEmulatorOptions {
  const port = Number(env.EMULATOR_PORT ?? ChannelEmulatorDefaults.port);
  return {
    port: Number.isInteger(port) && port >= 0 ? port : ChannelEmulatorDefaults.port,
    host: env.EMULATOR_HOST || '127.0.0.1',
    appSecret: env.META_APP_SECRET || channelEmulatorSecret(env.DATA_DIR || './.data'),
    webhookUrl: env.EMULATOR_WEBHOOK_URL || 'http://127.0.0.1:8080/webhooks/meta',
    lenient: true,
    autoStatuses: true,
    phoneNumbers: [
      {
        phoneNumberId: DemoAccounts.phoneNumberId,
        accessToken: DemoAccounts.accessToken,
        displayPhoneNumber: DemoAccounts.displayPhoneNumber,
        verifiedName: 'Demo business',
        businessAccountId: DemoAccounts.businessAccountId,
      },
    ],
    pages: [
      {
        pageId: DemoAccounts.pageId,
        name: 'Demo page',
        pageAccessToken: DemoAccounts.pageAccessToken,
        instagram: { id: DemoAccounts.instagramId, username: 'demo_business' },
      },
    ],
  };
}
