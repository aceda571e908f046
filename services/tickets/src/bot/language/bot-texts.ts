/**
 * The bot's own fixed words (menus, re-asks, consent, notices, transfer and on-duty texts), in the
 * installation's language (BOT_LANGUAGE, read once at boot). The company's own texts (greetings,
 * out-of-hours, rating) are sent as written. Every language has every key: a missing one fails the
 * typecheck.
 */
export const BotLanguages = ['pt-BR', 'en', 'es', 'tr'] as const;
export type BotLanguage = (typeof BotLanguages)[number];
export const DefaultBotLanguage: BotLanguage = 'pt-BR';

export type BotTexts = {
  invalidOption: string;
  /** the "#" line of a menu */
  back: string;
  /** the exit line of a menu, after its keyword */
  exit: string;
  /** the keyword that leaves a menu in this language ("Sair" is understood in every language) */
  exitWord: string;
  lgpdChoice: string;
  audioNotAccepted: string;
  callRejected: string;
  queuePosition: (position: number) => string;
  lgpdRefused: string;
  transferToQueueAndUser: (queueName: string, userName: string) => string;
  transferToUser: (userName: string) => string;
  transferToQueue: (queueName: string) => string;
  acceptGreeting: (contactName: string, userName: string) => string;
  /** the thank-you sent right after a valid rating (0–10), before the completion message */
  ratingThanks: string;
  /** what an on-duty person gets for a waiting ticket; `contactName` may be empty */
  onDutyAlert: (ticketId: number, contactName: string) => string;
  /** the AI prompt's extra instructions: the contact's name, and how to ask for a person (the mark) */
  promptContactName: (contactName: string) => string;
  promptTransferRule: (mark: string) => string;
};

const ptBR: BotTexts = {
  invalidOption: '*Opção inválida*, por favor escolha uma das opções abaixo.',
  back: 'Voltar',
  exit: 'Encerrar atendimento',
  exitWord: 'Sair',
  lgpdChoice: 'Você aceita nossos termos de privacidade?\n*[ 1 ]* - Sim\n*[ 2 ]* - Não',
  audioNotAccepted:
    'Desculpe, não conseguimos ouvir áudios por aqui. Por favor, escreva sua mensagem em texto.',
  callRejected:
    'As chamadas de voz e vídeo estão desativadas neste número. Por favor, envie uma mensagem de texto.',
  queuePosition: (position) => `Você é o *${position}º* da fila. Aguarde, por favor.`,
  lgpdRefused: 'Tudo bem. Sem o seu consentimento não podemos continuar o atendimento.',
  transferToQueueAndUser: (queueName, userName) =>
    `*Mensagem automática*:\nVocê foi transferido para o departamento *${queueName}* e será atendido por *${userName}*.`,
  transferToUser: (userName) =>
    `*Mensagem automática*:\nVocê foi transferido para o atendente *${userName}*.`,
  transferToQueue: (queueName) =>
    `*Mensagem automática*:\nVocê foi transferido para o departamento *${queueName}*, aguarde, já vamos te atender!`,
  ratingThanks: 'Obrigado pela sua avaliação! Ela nos ajuda a melhorar nosso atendimento.',
  acceptGreeting: (contactName, userName) =>
    `Olá *${contactName}*, meu nome é *${userName}* e agora vou prosseguir com seu atendimento!`,
  onDutyAlert: (ticketId, contactName) =>
    `Plantão: o ticket #${ticketId} de ${contactName.trim() || 'um contato'} aguarda atendimento.`,
  promptContactName: (contactName) => `O nome do cliente é ${contactName}.`,
  promptTransferRule: (mark) =>
    `Se o cliente pedir para falar com um atendente humano, responda apenas: "${mark}".`,
};

const en: BotTexts = {
  invalidOption: '*Invalid option*, please choose one of the options below.',
  back: 'Back',
  exit: 'End conversation',
  exitWord: 'Exit',
  lgpdChoice: 'Do you accept our privacy terms?\n*[ 1 ]* - Yes\n*[ 2 ]* - No',
  audioNotAccepted:
    "Sorry, we can't listen to audio messages here. Please write your message as text.",
  callRejected: 'Voice and video calls are disabled on this number. Please send a text message.',
  queuePosition: (position) => `You are number *${position}* in line. Please wait.`,
  lgpdRefused: "All right. Without your consent we can't go on with this conversation.",
  transferToQueueAndUser: (queueName, userName) =>
    `*Automatic message*:\nYou were transferred to the *${queueName}* department and *${userName}* will assist you.`,
  transferToUser: (userName) => `*Automatic message*:\nYou were transferred to *${userName}*.`,
  transferToQueue: (queueName) =>
    `*Automatic message*:\nYou were transferred to the *${queueName}* department, please wait, we'll be with you shortly!`,
  ratingThanks: 'Thank you for your rating! It helps us improve our service.',
  acceptGreeting: (contactName, userName) =>
    `Hello *${contactName}*, my name is *${userName}* and I'll take it from here!`,
  onDutyAlert: (ticketId, contactName) =>
    `On duty: ticket #${ticketId} from ${contactName.trim() || 'a contact'} is waiting for an answer.`,
  promptContactName: (contactName) => `The customer's name is ${contactName}.`,
  promptTransferRule: (mark) =>
    `If the customer asks to talk to a human agent, answer only: "${mark}".`,
};

const es: BotTexts = {
  invalidOption: '*Opción inválida*, por favor elige una de las opciones a continuación.',
  back: 'Volver',
  exit: 'Finalizar atención',
  exitWord: 'Salir',
  lgpdChoice: '¿Aceptas nuestros términos de privacidad?\n*[ 1 ]* - Sí\n*[ 2 ]* - No',
  audioNotAccepted:
    'Lo sentimos, no podemos escuchar audios por aquí. Por favor, escribe tu mensaje en texto.',
  callRejected:
    'Las llamadas de voz y video están desactivadas en este número. Por favor, envía un mensaje de texto.',
  queuePosition: (position) => `Eres el *${position}º* de la fila. Espera, por favor.`,
  lgpdRefused: 'De acuerdo. Sin tu consentimiento no podemos continuar la atención.',
  transferToQueueAndUser: (queueName, userName) =>
    `*Mensaje automático*:\nFuiste transferido al departamento *${queueName}* y te atenderá *${userName}*.`,
  transferToUser: (userName) =>
    `*Mensaje automático*:\nFuiste transferido al agente *${userName}*.`,
  transferToQueue: (queueName) =>
    `*Mensaje automático*:\nFuiste transferido al departamento *${queueName}*, espera, ¡ya te atendemos!`,
  ratingThanks: '¡Gracias por su valoración! Nos ayuda a mejorar nuestra atención.',
  acceptGreeting: (contactName, userName) =>
    `Hola *${contactName}*, mi nombre es *${userName}* y ahora continuaré con tu atención.`,
  onDutyAlert: (ticketId, contactName) =>
    `Guardia: el ticket #${ticketId} de ${contactName.trim() || 'un contacto'} espera atención.`,
  promptContactName: (contactName) => `El nombre del cliente es ${contactName}.`,
  promptTransferRule: (mark) =>
    `Si el cliente pide hablar con un agente humano, responde solo: "${mark}".`,
};

const tr: BotTexts = {
  invalidOption: '*Geçersiz seçenek*, lütfen aşağıdaki seçeneklerden birini seçin.',
  back: 'Geri',
  exit: 'Görüşmeyi sonlandır',
  exitWord: 'Çıkış',
  lgpdChoice: 'Gizlilik koşullarımızı kabul ediyor musunuz?\n*[ 1 ]* - Evet\n*[ 2 ]* - Hayır',
  audioNotAccepted:
    'Üzgünüz, buradan sesli mesajları dinleyemiyoruz. Lütfen mesajınızı yazılı olarak gönderin.',
  callRejected:
    'Bu numarada sesli ve görüntülü aramalar kapalıdır. Lütfen bir metin mesajı gönderin.',
  queuePosition: (position) => `Sırada *${position}.* kişisiniz. Lütfen bekleyin.`,
  lgpdRefused: 'Anlaşıldı. Onayınız olmadan görüşmeye devam edemiyoruz.',
  transferToQueueAndUser: (queueName, userName) =>
    `*Otomatik mesaj*:\n*${queueName}* departmanına aktarıldınız, size *${userName}* yardımcı olacak.`,
  transferToUser: (userName) => `*Otomatik mesaj*:\n*${userName}* adlı temsilciye aktarıldınız.`,
  transferToQueue: (queueName) =>
    `*Otomatik mesaj*:\n*${queueName}* departmanına aktarıldınız, lütfen bekleyin, birazdan sizinleyiz!`,
  ratingThanks:
    'Değerlendirmeniz için teşekkür ederiz! Hizmetimizi geliştirmemize yardımcı oluyor.',
  acceptGreeting: (contactName, userName) =>
    `Merhaba *${contactName}*, ben *${userName}*, görüşmenize bundan sonra ben devam edeceğim!`,
  onDutyAlert: (ticketId, contactName) =>
    `Nöbet: ${contactName.trim() || 'bir kişinin'} #${ticketId} numaralı talebi yanıt bekliyor.`,
  promptContactName: (contactName) => `Müşterinin adı ${contactName}.`,
  promptTransferRule: (mark) =>
    `Müşteri bir insan temsilciyle konuşmak isterse yalnızca şunu yanıtla: "${mark}".`,
};

export const BotTextsByLanguage: Record<BotLanguage, BotTexts> = { 'pt-BR': ptBR, en, es, tr };

/**
 * BOT_LANGUAGE → the bot's language: empty means pt-BR; an unknown value also falls back to pt-BR,
 * flagged so the boot can warn. Case does not matter ("EN", "pt-br").
 */
export const botLanguageOf = (
  raw: string | undefined,
): { language: BotLanguage; unknown: boolean } => {
  const value = raw?.trim() ?? '';
  if (!value) return { language: DefaultBotLanguage, unknown: false };
  const language = BotLanguages.find((known) => known.toLowerCase() === value.toLowerCase());
  return language ? { language, unknown: false } : { language: DefaultBotLanguage, unknown: true };
};

/** Case, accents and the Turkish dotless i do not matter: "ÇIKIŞ", "cikis" and "Çıkış" are one word. */
const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ı/g, 'i').trim();

/** The contact leaves the menu: the language's exit word, or "Sair" (kept in every language). */
export const isExitWord = (texts: BotTexts, answer: string): boolean => {
  const word = fold(answer);
  return word === fold(texts.exitWord) || word === 'sair';
};
