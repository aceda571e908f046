import type {
  AuthenticationState,
  UserFacingSocketConfig,
  WASocket,
} from '@whiskeysockets/baileys';

type BaileysLogger = NonNullable<UserFacingSocketConfig['logger']>;

/** The part of a Baileys socket the driver uses; tests hand in a fake that emits Baileys-shaped events. */
export type WhatsappSocket = Pick<
  WASocket,
  | 'ev'
  | 'user'
  | 'sendMessage'
  | 'onWhatsApp'
  | 'profilePictureUrl'
  | 'readMessages'
  | 'logout'
  | 'end'
  | 'updateMediaMessage'
>;

export type SocketFactoryOptions = { connectionId: number; auth: AuthenticationState };

export type SocketFactory = (options: SocketFactoryOptions) => Promise<WhatsappSocket>;

/** The real factory: loads Baileys lazily so processes without WhatsApp sessions never pay for it. */
export const baileysSocketFactory: SocketFactory = async ({ auth }) => {
  const { makeWASocket, Browsers } = await import('@whiskeysockets/baileys');
  return makeWASocket({
    auth,
    browser: Browsers.ubuntu('Switchboard'),
    logger: silentLogger,
    markOnlineOnConnect: false,
    syncFullHistory: false,
  });
};

/** Baileys logs a lot per message; the driver reports what matters itself. */
export const silentLogger: BaileysLogger = {
  level: 'silent',
  child: () => silentLogger,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
