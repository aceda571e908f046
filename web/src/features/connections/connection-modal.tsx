import {
  Button,
  CloseButton,
  Dialog,
  Field,
  Heading,
  HStack,
  Input,
  Link,
  NativeSelect,
  Portal,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  DefaultQueueSchedules,
  type ChannelKind,
  type ConnectionCreateInput,
  type ConnectionRecord,
  ConnectionSendLimitsOff,
  type ConnectionSendLimits,
  type QueueSchedule,
  TimeToQueueMinutes,
} from '@sb/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../components/checkbox-group.js';
import { Link as RouterLink } from 'react-router-dom';
import { WeeklyScheduleTable } from '../../components/weekly-schedule-table.js';
import { localDayOf } from '../../app/dates.js';
import { useCampaignRoutes } from '../../app/campaign-routes.js';
import { SendLimitsFields } from './send-limits-fields.js';
import { submitDelay } from '../../components/submit-delay.js';
import { notify, toastError } from '../../components/toaster.js';
import { useListQueuesQuery } from '../queues/queues.api.js';
import { useAppSelector } from '../../app/hooks.js';
import { hasPlanFlag } from '../auth/access.js';
import { selectUser } from '../auth/session.slice.js';
import {
  choicesWith,
  idOfSelectValue,
  selectValueOf,
  useIntegrationChoices,
  usePromptChoices,
  type Choice,
} from '../queues/bot-choices.js';
import {
  useCreateConnectionMutation,
  useRemoveGreetingMediaMutation,
  useUpdateConnectionMutation,
  useUploadGreetingMediaMutation,
} from './connections.api.js';

const DayMs = 24 * 60 * 60 * 1000;
/** yyyy-mm-dd of a date on the user's calendar (the value of a date input; today is their today). */
const dayOf = localDayOf;

/**
 * Spec 2 §5: old-message import dates lie between 2 years ago and now, and the recent date cannot
 * precede the old one. Answers the field in error, or null.
 */
export const importWindowError = (
  importOldMessages: string,
  importRecentMessages: string,
  now = new Date(),
): 'importOldMessages' | 'importRecentMessages' | null => {
  const earliest = dayOf(new Date(now.getTime() - 730 * DayMs));
  const today = dayOf(now);
  const outside = (day: string) => !!day && (day < earliest || day > today);
  if (outside(importOldMessages)) return 'importOldMessages';
  if (outside(importRecentMessages)) return 'importRecentMessages';
  if (importOldMessages && importRecentMessages && importRecentMessages < importOldMessages)
    return 'importRecentMessages';
  return null;
};

type Draft = {
  name: string;
  isDefault: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  expiresTicket: number;
  whenExpiresTicket: '0' | '1';
  timeSendQueue: number;
  sendIdQueue: number | null;
  timeInactiveMessage: number;
  inactiveMessage: string;
  expiresInactiveMessage: string;
  timeCreateNewTicket: number;
  maxUseBotQueuesNPS: number;
  expiresTicketNPS: number;
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled';
  queueIds: number[];
  token: string;
  phoneNumberId: string;
  accessToken: string;
  businessAccountId: string;
  schedules: QueueSchedule[];
  sendLimits: ConnectionSendLimits;
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  integrationId: number | null;
  promptId: number | null;
};

const MessageFields = ['greetingMessage', 'complationMessage', 'outOfHoursMessage'] as const;
/** The bot's texts shown with a helper text (`help.<field>`). */
const HelpedMessages = ['expiresInactiveMessage', 'inactiveMessage', 'ratingMessage'] as const;
type HelpedMessage = (typeof HelpedMessages)[number];
const isHelped = (key: string): key is HelpedMessage =>
  (HelpedMessages as readonly string[]).includes(key);
/** The number fields of the form: whole numbers from 0 to the contract's maximum. */
type NumberField =
  | 'maxUseBotQueues'
  | 'timeUseBotQueues'
  | 'timeSendQueue'
  | 'expiresTicket'
  | 'timeInactiveMessage'
  | 'timeCreateNewTicket'
  | 'maxUseBotQueuesNPS'
  | 'expiresTicketNPS';
const NumberMax = 1_000_000;
/** The dialog's own field errors (name, import dates) and those of a refused save, by field. */
type FieldErrors = Partial<Record<keyof ConnectionCreateInput, string>>;

/**
 * The tabs of the dialog, in the order of spec 2 §2 (schedules only for a per-connection schedule),
 * then the campaign limits of the number while campaigns are shown.
 */
export const ConnectionTabs = [
  'general',
  'integrations',
  'messages',
  'chatbot',
  'assessments',
  'schedules',
  'campaigns',
] as const;
export type ConnectionTab = (typeof ConnectionTabs)[number];

/**
 * The tab of every field of the connection contract, so that a refused save shows the field at fault.
 * Fields the form does not edit (channel, provider) map to the tab the spec puts them in; the form never
 * sends them, so an update keeps their stored values.
 */
const FieldTabs: Record<keyof ConnectionCreateInput, ConnectionTab> = {
  name: 'general',
  channel: 'general',
  provider: 'general',
  isDefault: 'general',
  credentials: 'general',
  token: 'general',
  allowGroup: 'general',
  groupAsTicket: 'general',
  queueIds: 'general',
  importOldMessages: 'general',
  importRecentMessages: 'general',
  importOldMessagesGroups: 'general',
  closedTicketsPostImported: 'general',
  integrationId: 'integrations',
  promptId: 'integrations',
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  maxUseBotQueues: 'chatbot',
  timeUseBotQueues: 'chatbot',
  timeSendQueue: 'chatbot',
  sendIdQueue: 'chatbot',
  expiresTicket: 'chatbot',
  whenExpiresTicket: 'chatbot',
  timeInactiveMessage: 'chatbot',
  inactiveMessage: 'chatbot',
  expiresInactiveMessage: 'chatbot',
  timeCreateNewTicket: 'chatbot',
  ratingMessage: 'assessments',
  maxUseBotQueuesNPS: 'assessments',
  expiresTicketNPS: 'assessments',
  schedules: 'schedules',
  sendLimits: 'campaigns',
};

/**
 * The tab holding the field a failed save names: the first of the `fields` of an ERR_VALIDATION
 * answer (dotted paths, e.g. `credentials.accessToken`), or the greeting of ERR_WAPP_GREETING_REQUIRED.
 */
export const failedTabOf = (error: unknown): ConnectionTab | null => {
  const data =
    error && typeof error === 'object' && 'data' in error
      ? (error as { data: unknown }).data
      : null;
  if (!data || typeof data !== 'object') return null;
  if ('error' in data && data.error === 'ERR_WAPP_GREETING_REQUIRED') return 'messages';
  const fields =
    'fields' in data && data.fields && typeof data.fields === 'object' ? data.fields : {};
  for (const path of Object.keys(fields)) {
    const tab = FieldTabs[path.split('.')[0] as keyof ConnectionCreateInput];
    if (tab) return tab;
  }
  return null;
};

/**
 * The message under each field a refused save names: the first message of each top-level field of an
 * ERR_VALIDATION answer (`credentials.accessToken` shows under credentials), the greeting for
 * ERR_WAPP_GREETING_REQUIRED.
 */
export const fieldErrorsOf = (error: unknown, greetingRequired: string): FieldErrors => {
  const data =
    error && typeof error === 'object' && 'data' in error
      ? (error as { data: unknown }).data
      : null;
  if (!data || typeof data !== 'object') return {};
  if ('error' in data && data.error === 'ERR_WAPP_GREETING_REQUIRED') {
    return { greetingMessage: greetingRequired };
  }
  const fields =
    'fields' in data && data.fields && typeof data.fields === 'object'
      ? (data.fields as Record<string, unknown>)
      : {};
  const errors: FieldErrors = {};
  for (const [path, messages] of Object.entries(fields)) {
    const key = path.split('.')[0] as keyof ConnectionCreateInput;
    const message = Array.isArray(messages) ? messages[0] : messages;
    if (key in FieldTabs && !errors[key] && typeof message === 'string') errors[key] = message;
  }
  return errors;
};

/** A random token for the external messages API (32 hex characters). */
const newApiToken = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

const draftOf = (c: ConnectionRecord | null): Draft => ({
  name: c?.name ?? '',
  isDefault: c?.isDefault ?? false,
  greetingMessage: c?.greetingMessage ?? '',
  complationMessage: c?.complationMessage ?? '',
  outOfHoursMessage: c?.outOfHoursMessage ?? '',
  ratingMessage: c?.ratingMessage ?? '',
  maxUseBotQueues: c?.maxUseBotQueues ?? 3,
  timeUseBotQueues: c?.timeUseBotQueues ?? 0,
  expiresTicket: c?.expiresTicket ?? 0,
  whenExpiresTicket: c?.whenExpiresTicket ?? '0',
  timeSendQueue: c?.timeSendQueue ?? 0,
  sendIdQueue: c?.sendIdQueue ?? null,
  timeInactiveMessage: c?.timeInactiveMessage ?? 0,
  inactiveMessage: c?.inactiveMessage ?? '',
  expiresInactiveMessage: c?.expiresInactiveMessage ?? '',
  timeCreateNewTicket: c?.timeCreateNewTicket ?? 0,
  maxUseBotQueuesNPS: c?.maxUseBotQueuesNPS ?? 3,
  expiresTicketNPS: c?.expiresTicketNPS ?? 0,
  allowGroup: c?.allowGroup ?? false,
  groupAsTicket: c?.groupAsTicket ?? 'disabled',
  queueIds: c?.queueIds ?? [],
  token: c?.token ?? '',
  // the saved ids come back; the access token never does (blank keeps it)
  phoneNumberId: c?.cloudApi?.phoneNumberId ?? '',
  accessToken: '',
  businessAccountId: c?.cloudApi?.businessAccountId ?? '',
  schedules: c?.schedules.length ? c.schedules : DefaultQueueSchedules,
  sendLimits: c?.sendLimits ?? ConnectionSendLimitsOff,
  importOldMessages: c?.importOldMessages?.slice(0, 10) ?? '',
  importRecentMessages: c?.importRecentMessages?.slice(0, 10) ?? '',
  importOldMessagesGroups: c?.importOldMessagesGroups ?? false,
  closedTicketsPostImported: c?.closedTicketsPostImported ?? false,
  integrationId: c?.integrationId ?? null,
  promptId: c?.promptId ?? null,
});

/**
 * Add/edit dialog of /connections, with the tabs of spec 2 §2: general (name, default, the Cloud API
 * secrets of a whatsappapi connection, API token, groups and group tickets, queues and the history
 * import options of a Baileys connection), integrations, messages with the greeting media (once
 * saved), chatbot (bot attempts, queue transfer, closing idle tickets, inactivity messages, reopening),
 * assessments (rating message and its attempts and expiry), and schedules when the company's schedule
 * type is "connection". The secrets are write-only: never shown back. The integrations tab links a queue
 * integration (plan flag useIntegration) and an AI prompt (plan flag useOpenAi); a link the plan lacks is
 * neither shown nor sent, and provider is never sent, so the server keeps them. A refused save opens the
 * tab of the field at fault and shows the server's message under it.
 */
export const ConnectionModal = ({
  open,
  connection,
  channel,
  onClose,
}: {
  open: boolean;
  connection: ConnectionRecord | null;
  channel: ChannelKind;
  onClose: () => void;
}) => {
  const { t } = useTranslation('connections');
  const [draft, setDraft] = useState<Draft>(draftOf(connection));
  const [nameError, setNameError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [create] = useCreateConnectionMutation();
  const [update] = useUpdateConnectionMutation();
  const { data: queues = [] } = useListQueuesQuery();
  const [uploadMedia, uploading] = useUploadGreetingMediaMutation();
  const [removeMedia, removing] = useRemoveGreetingMediaMutation();
  const [media, setMedia] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [tab, setTab] = useState<ConnectionTab>('general');
  const nameInput = useRef<HTMLInputElement>(null);
  const importInputs = useRef<
    Partial<Record<'importOldMessages' | 'importRecentMessages', HTMLInputElement | null>>
  >({});
  const viewer = useAppSelector(selectUser);
  const showSchedules =
    viewer?.company.companieSettings.find((s) => s.key === 'scheduleType')?.value === 'connection';
  const showCampaigns = useCampaignRoutes();
  const kind = connection?.channel ?? channel;
  const now = new Date();
  const canIntegrate = !!viewer && hasPlanFlag(viewer, 'useIntegration');
  const canPrompt = !!viewer && hasPlanFlag(viewer, 'useOpenAi');
  const integrations = useIntegrationChoices(open && canIntegrate);
  const prompts = usePromptChoices(open && canPrompt);

  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(connection));
    setNameError(null);
    setFieldErrors({});
    setTokenError(null);
    setImportError(null);
    setTab('general');
    setMedia(connection?.greetingMediaAttachment ?? null);
  }, [open, connection]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setFieldErrors((errors) => (key in errors ? { ...errors, [key]: undefined } : errors));
  };

  /** Opens the tab of a field in error and, once shown, puts the cursor in it. */
  const showField = (at: ConnectionTab, input?: HTMLInputElement | null) => {
    if ((at === 'schedules' && !showSchedules) || (at === 'campaigns' && !showCampaigns)) return;
    setTab(at);
    if (input) requestAnimationFrame(() => input.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = draft.name.trim();
    if (name.length < 2 || name.length > 50) {
      setNameError(name ? t('nameLength') : t('required'));
      showField(FieldTabs.name, nameInput.current);
      return;
    }
    // new ids are saved with a token for them; a blank token keeps the saved ids and token
    const saved = connection?.cloudApi;
    const idsChanged =
      !!saved &&
      (draft.phoneNumberId.trim() !== saved.phoneNumberId ||
        draft.businessAccountId.trim() !== saved.businessAccountId);
    if (kind === 'whatsappapi' && idsChanged && !draft.accessToken.trim()) {
      setTokenError(t('accessTokenToChange'));
      setTab('general');
      return;
    }
    const wrongImport = importWindowError(draft.importOldMessages, draft.importRecentMessages);
    if (wrongImport) {
      setImportError(t(`importErrors.${wrongImport}`));
      showField(FieldTabs[wrongImport], importInputs.current[wrongImport]);
      return;
    }
    const { phoneNumberId, accessToken, businessAccountId, integrationId, promptId, ...rest } =
      draft;
    const fields = {
      ...rest,
      importOldMessages: rest.importOldMessages || null,
      importRecentMessages: rest.importRecentMessages || null,
      // links the plan does not offer are not shown, so not sent: the server keeps them
      ...(canIntegrate ? { integrationId } : {}),
      ...(canPrompt ? { promptId } : {}),
    };
    const credentials =
      kind === 'whatsappapi' && phoneNumberId && accessToken
        ? { phoneNumberId, accessToken, businessAccountId }
        : undefined;
    const values = { ...fields, name, ...(credentials ? { credentials } : {}) };
    setSaving(true);
    try {
      await submitDelay();
      if (connection) await update({ ...values, id: connection.id }).unwrap();
      else await create({ ...values, channel: kind }).unwrap();
      notify.success(t('saved'));
      onClose();
    } catch (error) {
      const failedTab = failedTabOf(error);
      if (failedTab) showField(failedTab);
      const errors = fieldErrorsOf(error, t('greetingRequired'));
      setFieldErrors(errors);
      if (errors.name) setNameError(errors.name);
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  const setSchedule = (index: number, change: Partial<QueueSchedule>) =>
    set(
      'schedules',
      draft.schedules.map((s, i) => (i === index ? { ...s, ...change } : s)),
    );

  const pickMedia = async (file: File | undefined) => {
    if (!file || !connection) return;
    try {
      const saved = await uploadMedia({ id: connection.id, file }).unwrap();
      setMedia(saved.greetingMediaAttachment);
    } catch (error) {
      toastError(error);
    }
  };

  const dropMedia = async () => {
    if (!connection) return;
    try {
      await removeMedia(connection.id).unwrap();
      setMedia(null);
    } catch (error) {
      toastError(error);
    }
  };

  /** A whole number from 0 to the contract's maximum, with its helper text and the server's error. */
  const numberField = (key: NumberField) => (
    <Field.Root key={key} invalid={!!fieldErrors[key]} maxW="64">
      <Field.Label>{t(key)}</Field.Label>
      <Input
        type="number"
        min={0}
        max={NumberMax}
        step={1}
        value={draft[key]}
        onChange={(e) =>
          set(key, Math.min(NumberMax, Math.max(0, Math.trunc(Number(e.target.value)) || 0)))
        }
      />
      <Field.HelperText>{t(`help.${key}`)}</Field.HelperText>
      <Field.ErrorText>{fieldErrors[key]}</Field.ErrorText>
    </Field.Root>
  );

  /** A free text of the bot, with its helper text and the server's error. */
  const textField = (key: (typeof MessageFields)[number] | HelpedMessage) => (
    <Field.Root key={key} invalid={!!fieldErrors[key]}>
      <Field.Label>{t(key)}</Field.Label>
      <Textarea rows={3} value={draft[key]} onChange={(e) => set(key, e.target.value)} />
      {isHelped(key) && <Field.HelperText>{t(`help.${key}`)}</Field.HelperText>}
      <Field.ErrorText>{fieldErrors[key]}</Field.ErrorText>
    </Field.Root>
  );

  /** A select of the form: its options are value/label pairs. */
  const selectField = (
    key:
      | 'groupAsTicket'
      | 'whenExpiresTicket'
      | 'sendIdQueue'
      | 'integrationId'
      | 'promptId'
      | 'timeSendQueue',
    value: string,
    options: { value: string; label: string }[],
    onChange: (value: string) => void,
    disabled = false,
  ) => (
    <Field.Root key={key} invalid={!!fieldErrors[key]} disabled={disabled} maxW="sm">
      <Field.Label>{t(key)}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          aria-label={t(key)}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{t(`help.${key}`)}</Field.HelperText>
      <Field.ErrorText>{fieldErrors[key]}</Field.ErrorText>
    </Field.Root>
  );

  // a queue deleted since it was picked still shows, so that a save keeps it
  const queueOptions = [
    { value: '', label: t('noQueue') },
    ...queues.map((queue) => ({ value: String(queue.id), label: queue.name })),
    ...(draft.sendIdQueue !== null && !queues.some((queue) => queue.id === draft.sendIdQueue)
      ? [{ value: String(draft.sendIdQueue), label: t('queueNumber', { id: draft.sendIdQueue }) }]
      : []),
  ];

  // the spec's choices; a value saved by another client stays selectable
  const timeToQueueOptions = [
    ...new Set<number>([...TimeToQueueMinutes, draft.timeSendQueue].sort((a, b) => a - b)),
  ].map((minutes) => ({
    value: String(minutes),
    label: minutes ? t('minutesOption', { minutes }) : t('timeSendQueueOff'),
  }));

  /** "None" then the choices, the saved one kept when it is not among them. */
  const linkOptions = (choices: Choice[], saved: number | null, fallback: string) => [
    { value: '', label: t('noLink') },
    ...choicesWith(choices, saved, fallback).map((c) => ({ value: String(c.id), label: c.name })),
  ];

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="connection-modal">
            <form onSubmit={(e) => void submit(e)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{connection ? t('edit') : t(`add.${kind}`)}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as ConnectionTab)}>
                  <Tabs.List>
                    {ConnectionTabs.filter(
                      (key) =>
                        (key !== 'schedules' || showSchedules) &&
                        (key !== 'campaigns' || showCampaigns),
                    ).map((key) => (
                      <Tabs.Trigger key={key} value={key}>
                        {t(`tabs.${key}`)}
                      </Tabs.Trigger>
                    ))}
                  </Tabs.List>
                  <Tabs.Content value="general">
                    <Stack gap="3">
                      <Field.Root invalid={!!nameError} required>
                        <Field.Label>{t('name')}</Field.Label>
                        <Input
                          ref={nameInput}
                          value={draft.name}
                          onChange={(e) => set('name', e.target.value)}
                        />
                        <Field.ErrorText>{nameError}</Field.ErrorText>
                      </Field.Root>
                      <Switch.Root
                        checked={draft.isDefault}
                        onCheckedChange={(e) => set('isDefault', e.checked)}
                      >
                        <Switch.HiddenInput />
                        <Switch.Control />
                        <Switch.Label>{t('isDefault')}</Switch.Label>
                      </Switch.Root>
                      {kind === 'whatsappapi' &&
                        (['phoneNumberId', 'accessToken', 'businessAccountId'] as const).map(
                          (key) => (
                            <Field.Root
                              key={key}
                              required={!connection && key !== 'businessAccountId'}
                              invalid={key === 'accessToken' && !!tokenError}
                            >
                              <Field.Label>{t(key)}</Field.Label>
                              <Input
                                type={key === 'accessToken' ? 'password' : 'text'}
                                autoComplete="off"
                                value={draft[key]}
                                onChange={(e) => {
                                  if (key === 'accessToken') setTokenError(null);
                                  set(key, e.target.value);
                                }}
                              />
                              {key === 'accessToken' && connection && (
                                <Field.HelperText>{t('accessTokenKept')}</Field.HelperText>
                              )}
                              {key === 'accessToken' && (
                                <Field.ErrorText>{tokenError}</Field.ErrorText>
                              )}
                            </Field.Root>
                          ),
                        )}
                      <Field.Root invalid={!!fieldErrors.token}>
                        <Field.Label>{t('token')}</Field.Label>
                        <HStack w="full">
                          <Input
                            value={draft.token}
                            autoComplete="off"
                            onChange={(e) => set('token', e.target.value.trim())}
                          />
                          <Button variant="outline" onClick={() => set('token', newApiToken())}>
                            {t('generateToken')}
                          </Button>
                        </HStack>
                        <Field.HelperText>{t('tokenHint')}</Field.HelperText>
                        <Field.ErrorText>{fieldErrors.token}</Field.ErrorText>
                      </Field.Root>
                      <Switch.Root
                        checked={draft.allowGroup}
                        onCheckedChange={(e) => set('allowGroup', e.checked)}
                      >
                        <Switch.HiddenInput />
                        <Switch.Control />
                        <Switch.Label>{t('allowGroup')}</Switch.Label>
                      </Switch.Root>
                      {selectField(
                        'groupAsTicket',
                        draft.groupAsTicket,
                        (['disabled', 'enabled'] as const).map((value) => ({
                          value,
                          label: t(`groupAsTicketOptions.${value}`),
                        })),
                        (value) => set('groupAsTicket', value as Draft['groupAsTicket']),
                        !draft.allowGroup,
                      )}
                      <CheckboxGroupField
                        legend={t('sections.queues')}
                        direction="column"
                        options={queues.map((queue) => ({ value: queue.id, label: queue.name }))}
                        value={draft.queueIds}
                        onChange={(queueIds) => set('queueIds', queueIds)}
                      />
                      {draft.queueIds.length === 0 && (
                        <Text
                          fontSize="sm"
                          fontWeight="medium"
                          data-testid="connection-queues-hint"
                        >
                          {queues.length ? (
                            t('queuesHint')
                          ) : (
                            <>
                              {t('noQueuesHint')}{' '}
                              <Link asChild color="blue.fg" textDecoration="underline">
                                <RouterLink to="/queues">{t('queuesLink')}</RouterLink>
                              </Link>
                            </>
                          )}
                        </Text>
                      )}
                      {kind === 'whatsapp' && (
                        <>
                          <Heading as="h3" size="sm" mt="2">
                            {t('sections.import')}
                          </Heading>
                          <Text fontSize="sm" color="fg.muted">
                            {t('importHelp')}
                          </Text>
                          <HStack gap="3" align="start">
                            {(['importOldMessages', 'importRecentMessages'] as const).map((key) => (
                              <Field.Root key={key} invalid={!!importError}>
                                <Field.Label>{t(key)}</Field.Label>
                                <Input
                                  ref={(input) => {
                                    importInputs.current[key] = input;
                                  }}
                                  type="date"
                                  min={dayOf(new Date(now.getTime() - 730 * DayMs))}
                                  max={dayOf(now)}
                                  value={draft[key]}
                                  onChange={(e) => {
                                    setImportError(null);
                                    set(key, e.target.value);
                                  }}
                                />
                              </Field.Root>
                            ))}
                          </HStack>
                          {importError && (
                            <Text color="fg.error" fontSize="sm" role="alert">
                              {importError}
                            </Text>
                          )}
                          {(['importOldMessagesGroups', 'closedTicketsPostImported'] as const).map(
                            (key) => (
                              <Switch.Root
                                key={key}
                                checked={draft[key]}
                                onCheckedChange={(e) => set(key, e.checked)}
                              >
                                <Switch.HiddenInput />
                                <Switch.Control />
                                <Switch.Label>{t(key)}</Switch.Label>
                              </Switch.Root>
                            ),
                          )}
                        </>
                      )}
                    </Stack>
                  </Tabs.Content>
                  <Tabs.Content value="integrations">
                    <Stack gap="3">
                      {!canIntegrate && !canPrompt && (
                        <Text fontSize="sm" color="fg.muted">
                          {t('integrationsNotInPlan')}
                        </Text>
                      )}
                      {canIntegrate &&
                        selectField(
                          'integrationId',
                          selectValueOf(draft.integrationId),
                          linkOptions(
                            integrations,
                            draft.integrationId,
                            t('integrationNumber', { id: draft.integrationId }),
                          ),
                          (value) => set('integrationId', idOfSelectValue(value)),
                        )}
                      {canPrompt &&
                        selectField(
                          'promptId',
                          selectValueOf(draft.promptId),
                          linkOptions(
                            prompts,
                            draft.promptId,
                            t('promptNumber', { id: draft.promptId }),
                          ),
                          (value) => set('promptId', idOfSelectValue(value)),
                        )}
                    </Stack>
                  </Tabs.Content>
                  <Tabs.Content value="messages">
                    <Stack gap="3">
                      {MessageFields.map((key) => textField(key))}
                      <Field.Root>
                        <Field.Label>{t('greetingMedia')}</Field.Label>
                        {connection ? (
                          <HStack>
                            <Text fontSize="sm" data-testid="greeting-media">
                              {media ? media.split('/').pop() : t('noMedia')}
                            </Text>
                            <input
                              ref={fileInput}
                              type="file"
                              hidden
                              aria-label={t('greetingMedia')}
                              onChange={(e) => void pickMedia(e.target.files?.[0])}
                            />
                            <Button
                              size="xs"
                              variant="outline"
                              loading={uploading.isLoading}
                              onClick={() => fileInput.current?.click()}
                            >
                              {t('attach')}
                            </Button>
                            {media && (
                              <Button
                                size="xs"
                                variant="ghost"
                                colorPalette="red"
                                loading={removing.isLoading}
                                onClick={() => void dropMedia()}
                              >
                                {t('removeMedia')}
                              </Button>
                            )}
                          </HStack>
                        ) : (
                          <Field.HelperText>{t('mediaAfterSave')}</Field.HelperText>
                        )}
                      </Field.Root>
                    </Stack>
                  </Tabs.Content>
                  <Tabs.Content value="chatbot">
                    <Stack gap="3">
                      <HStack gap="3" wrap="wrap" align="start">
                        {numberField('maxUseBotQueues')}
                        {numberField('timeUseBotQueues')}
                      </HStack>
                      <Heading as="h3" size="sm" mt="2">
                        {t('sections.transfer')}
                      </Heading>
                      <HStack gap="3" wrap="wrap" align="start">
                        {selectField(
                          'timeSendQueue',
                          String(draft.timeSendQueue),
                          timeToQueueOptions,
                          (value) => set('timeSendQueue', Number(value)),
                        )}
                        {selectField(
                          'sendIdQueue',
                          draft.sendIdQueue === null ? '' : String(draft.sendIdQueue),
                          queueOptions,
                          (value) => set('sendIdQueue', value ? Number(value) : null),
                        )}
                      </HStack>
                      <Heading as="h3" size="sm" mt="2">
                        {t('sections.expiry')}
                      </Heading>
                      <HStack gap="3" wrap="wrap" align="start">
                        {numberField('expiresTicket')}
                        {selectField(
                          'whenExpiresTicket',
                          draft.whenExpiresTicket,
                          (['0', '1'] as const).map((value) => ({
                            value,
                            label: t(`whenExpiresTicketOptions.${value}`),
                          })),
                          (value) => set('whenExpiresTicket', value as Draft['whenExpiresTicket']),
                        )}
                      </HStack>
                      {textField('expiresInactiveMessage')}
                      {numberField('timeInactiveMessage')}
                      {textField('inactiveMessage')}
                      <Heading as="h3" size="sm" mt="2">
                        {t('sections.reopen')}
                      </Heading>
                      {numberField('timeCreateNewTicket')}
                    </Stack>
                  </Tabs.Content>
                  <Tabs.Content value="assessments">
                    <Stack gap="3">
                      {textField('ratingMessage')}
                      <HStack gap="3" wrap="wrap" align="start">
                        {numberField('maxUseBotQueuesNPS')}
                        {numberField('expiresTicketNPS')}
                      </HStack>
                    </Stack>
                  </Tabs.Content>
                  {showSchedules && (
                    <Tabs.Content value="schedules">
                      <WeeklyScheduleTable rows={draft.schedules} onChange={setSchedule} />
                    </Tabs.Content>
                  )}
                  {showCampaigns && (
                    <Tabs.Content value="campaigns">
                      <SendLimitsFields
                        value={draft.sendLimits}
                        onChange={(update) => {
                          setDraft((d) => ({ ...d, sendLimits: update(d.sendLimits) }));
                          setFieldErrors((errors) => ({ ...errors, sendLimits: undefined }));
                        }}
                        error={fieldErrors.sendLimits}
                      />
                    </Tabs.Content>
                  )}
                </Tabs.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={saving}>
                  {t('save')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
