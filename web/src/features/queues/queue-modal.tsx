import { Field, HStack, Input, NativeSelect, Stack, Tabs, Text } from '@chakra-ui/react';
import { DefaultQueueSchedules, QueueInput, type Queue, type QueueSchedule } from '@sb/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.js';
import { useRecordDraft } from '../../components/record-dialogs.js';
import { SelectField, SwitchField, TextField } from '../../components/form-fields.js';
import { WeeklyScheduleTable } from '../../components/weekly-schedule-table.js';
import { notify } from '../../components/toaster.js';
import { useAppSelector } from '../../app/hooks.js';
import { hasPlanFlag } from '../auth/access.js';
import { selectUser } from '../auth/session.slice.js';
import { useGetUserPickerQuery } from '../users/users.api.js';
import {
  choicesWith,
  idOfSelectValue,
  selectValueOf,
  useFileListChoices,
  useIntegrationChoices,
  usePromptChoices,
  type Choice,
} from './bot-choices.js';
import {
  ChatbotOptionsEditor,
  firstShortOption,
  type ChatbotDraft,
} from './chatbot-options-editor.js';
import {
  useCreateQueueMutation,
  useListQueuesQuery,
  useUpdateQueueMutation,
} from './queues.api.js';
import { QueuePalette } from './queue-palette.js';

/** Spec 2 §9: rotation time options in minutes (0 = unset). */
export const RotationMinutes = [0, 2, 5, 10, 15, 30, 45, 60] as const;
const DefaultColor = '#7c7c7c';

type Draft = {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: string;
  ativarRoteador: boolean;
  tempoRoteador: number;
  closeTicket: boolean;
  schedules: QueueSchedule[];
  chatbots: ChatbotDraft[];
  integrationId: number | null;
  promptId: number | null;
  fileListId: number | null;
};
/** The queue's bot links, each a select of the company's records. */
type LinkField = 'integrationId' | 'promptId' | 'fileListId';
type DraftErrors = Partial<Record<'name' | 'color' | 'greetingMessage' | 'chatbots', string>>;

/** The saved tree as editable drafts (ids kept, so the server updates options in place). */
const toDrafts = (options: Queue['chatbots']): ChatbotDraft[] =>
  options.map((o) => ({
    id: o.id,
    name: o.name,
    greetingMessage: o.greetingMessage,
    queueType: o.queueType,
    closeTicket: o.closeTicket,
    optQueueId: o.optQueueId,
    optUserId: o.optUserId,
    optIntegrationId: o.optIntegrationId,
    optFileId: o.optFileId,
    options: toDrafts(o.options),
  }));

const draftOf = (queue: Queue | null): Draft => ({
  name: queue?.name ?? '',
  color: queue?.color ?? DefaultColor,
  greetingMessage: queue?.greetingMessage ?? '',
  outOfHoursMessage: queue?.outOfHoursMessage ?? '',
  orderQueue: queue?.orderQueue == null ? '' : String(queue.orderQueue),
  ativarRoteador: queue?.ativarRoteador ?? false,
  tempoRoteador: queue?.tempoRoteador ?? 0,
  closeTicket: queue?.closeTicket ?? false,
  schedules: queue?.schedules.length ? queue.schedules : DefaultQueueSchedules,
  chatbots: toDrafts(queue?.chatbots ?? []),
  integrationId: queue?.integrationId ?? null,
  promptId: queue?.promptId ?? null,
  fileListId: queue?.fileListId ?? null,
});

/** the errors of a fresh draft */
const noErrors: DraftErrors = {};

/**
 * Add/edit dialog of /queues: the queue's data with its bot links (a queue integration on a plan with
 * useIntegration, an AI prompt on a plan with useOpenAi, a file list), its chatbot options, and the
 * schedule tab when the company's schedule type is "queue" (spec 2 §2). A link the plan lacks is not
 * shown and keeps its saved value.
 */
export const QueueModal = ({
  open,
  queue,
  showSchedules,
  onClose,
}: {
  open: boolean;
  queue: Queue | null;
  showSchedules: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation('queues');
  const { draft, setDraft, errors, setErrors, saving, save } = useRecordDraft(
    { open, record: queue, onClose },
    draftOf,
    noErrors,
  );
  const [create] = useCreateQueueMutation();
  const [update] = useUpdateQueueMutation();
  const { data: queues = [] } = useListQueuesQuery();
  const { data: users = [] } = useGetUserPickerQuery();
  const viewer = useAppSelector(selectUser);
  const canIntegrate = !!viewer && hasPlanFlag(viewer, 'useIntegration');
  const canPrompt = !!viewer && hasPlanFlag(viewer, 'useOpenAi');
  const integrations = useIntegrationChoices(open && canIntegrate);
  const prompts = usePromptChoices(open && canPrompt);
  const fileLists = useFileListChoices(open);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const setSchedule = (index: number, change: Partial<QueueSchedule>) =>
    set(
      'schedules',
      draft.schedules.map((s, i) => (i === index ? { ...s, ...change } : s)),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = {
      ...draft,
      orderQueue: draft.orderQueue === '' ? null : Number(draft.orderQueue),
    };
    const found: DraftErrors = {};
    const parsed = QueueInput.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'name') found.name = draft.name.trim() ? t('nameLength') : t('required');
        if (field === 'color') found.color = t('required');
      }
    }
    const shortOption = firstShortOption(draft.chatbots);
    if (shortOption) found.chatbots = t('optionTooShort', { option: shortOption });
    // spec 2 §5: with more than one queue, every queue needs its greeting
    const otherQueues = queues.filter((q) => q.id !== queue?.id).length;
    if (otherQueues > 0 && !draft.greetingMessage.trim())
      found.greetingMessage = t('greetingRequired');
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    await save(async () => {
      if (queue) await update({ ...values, id: queue.id }).unwrap();
      else await create(values).unwrap();
      notify.success(t('saved'));
      // the chatbot options are saved with their queue: say so too (spec 2 §8 "Bot guardado")
      if (draft.chatbots.length) notify.success(t('botSaved'));
      onClose();
    });
  };

  /** A select of one bot link: "none" then the choices, the saved one kept when not among them. */
  const linkField = (key: LinkField, choices: Choice[], fallback: string) => (
    <SelectField
      key={key}
      label={t(key)}
      namedControl
      helper={t(`help.${key}`)}
      layout={{ flex: '1', minW: '48' }}
      size="sm"
      placeholder={t('none')}
      options={choicesWith(choices, draft[key], fallback).map((c) => [c.id, c.name] as const)}
      value={selectValueOf(draft[key])}
      onChange={(value) => set(key, idOfSelectValue(value))}
    />
  );

  return (
    <FormDialog
      ns="queues"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      title={queue ? t('edit') : t('add')}
      saving={saving}
      labelledClose
      lazy
      size="xl"
      scrollBehavior="inside"
      testId="queue-modal"
    >
      <Tabs.Root defaultValue="data">
        <Tabs.List>
          <Tabs.Trigger value="data">{t('tabs.data')}</Tabs.Trigger>
          {showSchedules && <Tabs.Trigger value="schedules">{t('tabs.schedules')}</Tabs.Trigger>}
        </Tabs.List>
        <Tabs.Content value="data">
          <Stack gap="4">
            <HStack gap="3" align="start" flexWrap="wrap">
              <TextField
                label={t('name')}
                required
                error={errors.name}
                layout={{ flex: '2', minW: '48' }}
                value={draft.name}
                onChange={(name) => set('name', name)}
              />
              <Field.Root invalid={!!errors.color} required flex="1" minW="32">
                <Field.Label>{t('color')}</Field.Label>
                <HStack>
                  <Input
                    type="color"
                    aria-label={t('colorPicker')}
                    w="12"
                    p="1"
                    value={/^#[0-9a-f]{6}$/i.test(draft.color) ? draft.color : DefaultColor}
                    onChange={(e) => set('color', e.target.value)}
                  />
                  <Input
                    aria-label={t('color')}
                    value={draft.color}
                    onChange={(e) => set('color', e.target.value)}
                  />
                </HStack>
                <QueuePalette
                  value={draft.color}
                  taken={queues.filter((q) => q.id !== queue?.id).map((q) => q.color)}
                  onPick={(color) => set('color', color)}
                />
                <Field.ErrorText>{errors.color}</Field.ErrorText>
              </Field.Root>
              <TextField
                label={t('orderQueue')}
                layout={{ flex: '1', minW: '24' }}
                input={{ type: 'number', min: 0 }}
                value={draft.orderQueue}
                onChange={(order) => set('orderQueue', order)}
              />
            </HStack>
            <HStack gap="4" align="end" flexWrap="wrap">
              <SwitchField
                label={t('closeTicket')}
                checked={draft.closeTicket}
                onChange={(checked) => set('closeTicket', checked)}
              />
              <SwitchField
                label={t('ativarRoteador')}
                checked={draft.ativarRoteador}
                onChange={(checked) => set('ativarRoteador', checked)}
              />
              <Field.Root maxW="48">
                <Field.Label>{t('tempoRoteador')}</Field.Label>
                <NativeSelect.Root size="sm" disabled={!draft.ativarRoteador}>
                  <NativeSelect.Field
                    aria-label={t('tempoRoteador')}
                    value={String(draft.tempoRoteador)}
                    onChange={(e) => set('tempoRoteador', Number(e.target.value))}
                  >
                    {RotationMinutes.map((m) => (
                      <option key={m} value={m}>
                        {m === 0 ? t('rotationUnset') : t('minutes', { count: m })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            </HStack>
            <TextField
              label={t('greetingMessage')}
              error={errors.greetingMessage}
              rows={3}
              value={draft.greetingMessage}
              onChange={(text) => set('greetingMessage', text)}
            />
            <TextField
              label={t('outOfHoursMessage')}
              rows={2}
              value={draft.outOfHoursMessage}
              onChange={(text) => set('outOfHoursMessage', text)}
            />
            <HStack gap="3" align="start" flexWrap="wrap">
              {canIntegrate &&
                linkField(
                  'integrationId',
                  integrations,
                  t('integrationNumber', { id: draft.integrationId }),
                )}
              {canPrompt &&
                linkField('promptId', prompts, t('promptNumber', { id: draft.promptId }))}
              {linkField('fileListId', fileLists, t('fileListNumber', { id: draft.fileListId }))}
            </HStack>
            <Stack gap="2">
              <Text fontWeight="medium">{t('chatbotOptions')}</Text>
              <ChatbotOptionsEditor
                options={draft.chatbots}
                onChange={(chatbots) => set('chatbots', chatbots)}
                queues={queues.filter((q) => q.id !== queue?.id)}
                users={users}
                integrations={integrations}
                fileLists={fileLists}
                canIntegrate={canIntegrate}
              />
              {errors.chatbots && (
                <Text color="fg.error" fontSize="sm">
                  {errors.chatbots}
                </Text>
              )}
            </Stack>
          </Stack>
        </Tabs.Content>
        {showSchedules && (
          <Tabs.Content value="schedules">
            <WeeklyScheduleTable rows={draft.schedules} onChange={setSchedule} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </FormDialog>
  );
};
