import { z } from 'zod';
import { ref } from '../refs/refs.js';
import { formBoolean, optionalRecordId, weekdayEnName } from '../http/form-values.js';
import { recordId } from '../http/record-ids.js';

const HourMinute = z.union([z.literal(''), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/)]);

/** One weekday of a queue's opening hours: two ranges (morning and afternoon), HH:MM. */
export const QueueSchedule = z.object({
  weekday: z.string().trim().min(1).max(30),
  weekdayEn: weekdayEnName(30),
  startTimeA: HourMinute.default(''),
  endTimeA: HourMinute.default(''),
  startTimeB: HourMinute.default(''),
  endTimeB: HourMinute.default(''),
});
export type QueueSchedule = z.infer<typeof QueueSchedule>;

export const ChatbotQueueTypes = ['text', 'attendent', 'queue', 'integration', 'file'] as const;
export type ChatbotQueueType = (typeof ChatbotQueueTypes)[number];

const optionalId = optionalRecordId;

/** Fields of one chatbot option, without its children. */
export const ChatbotOptionFields = z.object({
  id: ref('chatbot', recordId).optional(),
  name: z.string().trim().min(4).max(100),
  greetingMessage: z.string().max(5000).default(''),
  queueType: z.enum(ChatbotQueueTypes).default('text'),
  closeTicket: formBoolean(false),
  optQueueId: ref('queue', optionalId),
  optUserId: ref('user', optionalId),
  optIntegrationId: ref('queueIntegration', optionalId),
  optFileId: ref('fileList', optionalId),
});

/** A chatbot option with its nested options (the modal's stepper edits the whole tree). */
export type ChatbotOptionInput = z.infer<typeof ChatbotOptionFields> & {
  options?: ChatbotOptionInput[];
};
export const ChatbotOptionInput: z.ZodType<ChatbotOptionInput, unknown> =
  ChatbotOptionFields.extend({
    options: z.lazy(() => z.array(ChatbotOptionInput).max(50)).optional(),
  }) as unknown as z.ZodType<ChatbotOptionInput, unknown>;

/** POST /queue and PUT /queue/:id body. */
export const QueueInput = z.object({
  name: z.string().trim().min(2).max(50),
  color: z.string().trim().min(3).max(9),
  greetingMessage: z.string().max(5000).default(''),
  outOfHoursMessage: z.string().max(5000).default(''),
  orderQueue: z.coerce
    .number()
    .int()
    .min(0)
    .nullish()
    .transform((v) => v ?? null),
  ativarRoteador: formBoolean(false),
  tempoRoteador: z.coerce.number().int().min(0).max(1440).default(0),
  closeTicket: formBoolean(false),
  promptId: ref('prompt', optionalId),
  integrationId: ref('queueIntegration', optionalId),
  fileListId: ref('fileList', optionalId),
  schedules: z.array(QueueSchedule).max(7).default([]),
  /** the whole option tree; absent leaves the saved tree as it is */
  chatbots: z.array(ChatbotOptionInput).max(50).optional(),
});
export type QueueInput = z.infer<typeof QueueInput>;

/** A chatbot option as answered. */
export type ChatbotOption = {
  id: number;
  queueId: number | null;
  chatbotId: number | null;
  name: string;
  greetingMessage: string;
  queueType: ChatbotQueueType;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  options: ChatbotOption[];
  createdAt: string;
  updatedAt: string;
};

/** A queue as answered (spec 2 §3 Queue). */
export type Queue = {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  ativarRoteador: boolean;
  tempoRoteador: number;
  closeTicket: boolean;
  promptId: number | null;
  integrationId: number | null;
  fileListId: number | null;
  schedules: QueueSchedule[];
  chatbots: ChatbotOption[];
  createdAt: string;
  updatedAt: string;
};

/** PUT /queue/:id body: the fields it carries change, the others keep their stored values. */
export const QueueUpdateInput = QueueInput.partial();
/** tickets.queue.update: only the fields the body carried (givenFields) */
export type QueueUpdateRequest = Partial<QueueInput> & { id: number };

/** POST /chatbot: a top-level option of a queue, or a child of another option. */
export const ChatbotCreateInput = ChatbotOptionFields.extend({
  queueId: ref('queue', optionalId),
  chatbotId: ref('chatbot', optionalId),
}).refine((v) => v.queueId !== null || v.chatbotId !== null, {
  message: 'queueId or chatbotId is required',
  path: ['queueId'],
});
export type ChatbotCreateInput = z.infer<typeof ChatbotCreateInput>;

/** PUT /chatbot/:id */
export const ChatbotUpdateInput = ChatbotOptionFields.omit({ id: true });
export type ChatbotUpdateInput = z.infer<typeof ChatbotUpdateInput>;

/** Queue events: `record` carries the queue after the change (only the id on delete is needed). */
export type QueueEventData = { queue: Queue };
export type QueueDeletedEventData = { queueId: number };
export type ChatbotEventData = { chatbot: ChatbotOption };
export type ChatbotDeletedEventData = { chatbotId: number };

/** The default schedule of a new queue: 08:00-12:00 and 13:00-18:00 every weekday (spec 2 §9). */
export const DefaultQueueSchedules: QueueSchedule[] = [
  ['Domingo', 'sunday'],
  ['Segunda-feira', 'monday'],
  ['Terça-feira', 'tuesday'],
  ['Quarta-feira', 'wednesday'],
  ['Quinta-feira', 'thursday'],
  ['Sexta-feira', 'friday'],
  ['Sábado', 'saturday'],
].map(([weekday, weekdayEn]) => ({
  weekday: weekday!,
  weekdayEn: weekdayEn!,
  startTimeA: '08:00',
  endTimeA: '12:00',
  startTimeB: '13:00',
  endTimeB: '18:00',
}));
