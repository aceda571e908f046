import { isLanguage, FallbackLanguage, type Language } from '@sb/contracts';

const texts: Record<Language, (code: string, minutes: number) => string> = {
  'pt-BR': (code, minutes) =>
    `Seu código de verificação é ${code}. Ele vale por ${minutes} minutos. Não o compartilhe.`,
  en: (code, minutes) =>
    `Your verification code is ${code}. It is valid for ${minutes} minutes. Do not share it.`,
  es: (code, minutes) =>
    `Tu código de verificación es ${code}. Es válido por ${minutes} minutos. No lo compartas.`,
  tr: (code, minutes) =>
    `Doğrulama kodunuz ${code}. ${minutes} dakika geçerlidir. Kimseyle paylaşmayın.`,
};

/** The text sent to the user's number, in the user's language (the spec's fallback otherwise). */
export const resetCodeMessage = (language: string | null, code: string, minutes: number): string =>
  texts[isLanguage(language) ? language : FallbackLanguage](code, minutes);
