import type { BotTexts } from '../language/bot-texts.js';

export type MenuEntry = { name: string };

/** A numbered menu: the greeting, one line per entry, then "#" back and the exit word when asked for. */
export const menuText = (
  texts: BotTexts,
  greeting: string,
  entries: readonly MenuEntry[],
  extras: { back?: boolean; exit?: boolean } = {},
): string => {
  const lines = entries.map((entry, index) => `*[ ${index + 1} ]* - ${entry.name}`);
  if (extras.back) lines.push(`*[ # ]* - ${texts.back}`);
  if (extras.exit) lines.push(`*[ ${texts.exitWord} ]* - ${texts.exit}`);
  const head = greeting.trim();
  return head ? `${head}\n\n${lines.join('\n')}` : lines.join('\n');
};
