/** The languages of the web app; the server answers error texts in these too. */
export const Languages = ['pt-BR', 'en', 'es', 'tr'] as const;
export type Language = (typeof Languages)[number];
export const FallbackLanguage = 'es' satisfies Language;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (Languages as readonly string[]).includes(value);
