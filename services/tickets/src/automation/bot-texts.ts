/**
 * The bot's own words around the company's texts (menus, re-asks, consent). The contacts of this
 * product family write Brazilian Portuguese, so these are pt-BR; the company's own texts (greetings,
 * out-of-hours, rating) are sent as written.
 */
export const BotTexts = {
  invalidOption: '*Opção inválida*, por favor escolha uma das opções abaixo.',
  back: 'Voltar',
  exit: 'Encerrar atendimento',
  lgpdChoice: 'Você aceita nossos termos de privacidade?\n*[ 1 ]* - Sim\n*[ 2 ]* - Não',
  audioNotAccepted:
    'Desculpe, não conseguimos ouvir áudios por aqui. Por favor, escreva sua mensagem em texto.',
  callRejected:
    'As chamadas de voz e vídeo estão desativadas neste número. Por favor, envie uma mensagem de texto.',
  queuePosition: (position: number) => `Você é o *${position}º* da fila. Aguarde, por favor.`,
  lgpdRefused: 'Tudo bem. Sem o seu consentimento não podemos continuar o atendimento.',
} as const;

export type MenuEntry = { name: string };

/** A numbered menu: the greeting, one line per entry, then "#" back and "Sair" when asked for. */
export const menuText = (
  greeting: string,
  entries: readonly MenuEntry[],
  extras: { back?: boolean; exit?: boolean } = {},
): string => {
  const lines = entries.map((entry, index) => `*[ ${index + 1} ]* - ${entry.name}`);
  if (extras.back) lines.push(`*[ # ]* - ${BotTexts.back}`);
  if (extras.exit) lines.push(`*[ Sair ]* - ${BotTexts.exit}`);
  const head = greeting.trim();
  return head ? `${head}\n\n${lines.join('\n')}` : lines.join('\n');
};
