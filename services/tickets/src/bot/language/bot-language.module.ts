import { Global, Module } from '@nestjs/common';
import type { Logger } from '@sb/platform/logger';
import { ENV, LOGGER } from '@sb/platform/nest';
import { BotLanguages, botLanguageOf, BotTextsByLanguage, type BotTexts } from './bot-texts.js';

/** The bot's words in the installation's language (inject as `@Inject(BOT_TEXTS) texts: BotTexts`). */
export const BOT_TEXTS = 'BOT_TEXTS';

/** Reads BOT_LANGUAGE once at boot; an unknown value falls back to pt-BR with a warning. */
export const botTextsOf = (env: Record<string, string | undefined>, logger: Logger): BotTexts => {
  const { language, unknown } = botLanguageOf(env.BOT_LANGUAGE);
  if (unknown)
    logger.warn(
      { BOT_LANGUAGE: env.BOT_LANGUAGE, supported: BotLanguages },
      `unknown BOT_LANGUAGE, the bot speaks ${language}`,
    );
  return BotTextsByLanguage[language];
};

/** Global: the automation, ticket transfers and on-duty alerts all speak the same language. */
@Global()
@Module({
  providers: [{ provide: BOT_TEXTS, useFactory: botTextsOf, inject: [ENV, LOGGER] }],
  exports: [BOT_TEXTS],
})
export class BotLanguageModule {}
