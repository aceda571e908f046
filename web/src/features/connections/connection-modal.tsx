import {
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
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
  type ConnectionRecord,
  type QueueSchedule,
} from '@sb/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WeeklyScheduleTable } from '../../components/weekly-schedule-table.js';
import { submitDelay } from '../../components/submit-delay.js';
import { notify, toastError } from '../../components/toaster.js';
import { useListQueuesQuery } from '../queues/queues.api.js';
import { useAppSelector } from '../../app/hooks.js';
import { selectUser } from '../auth/session.slice.js';
import {
  useCreateConnectionMutation,
  useRemoveGreetingMediaMutation,
  useUpdateConnectionMutation,
  useUploadGreetingMediaMutation,
} from './connections.api.js';

const DayMs = 24 * 60 * 60 * 1000;
/** yyyy-mm-dd of a date (the value of a date input). */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

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
  timeSendQueue: number;
  allowGroup: boolean;
  queueIds: number[];
  token: string;
  phoneNumberId: string;
  accessToken: string;
  businessAccountId: string;
  schedules: QueueSchedule[];
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
};

const MessageFields = [
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
] as const;
const BotFields = [
  'maxUseBotQueues',
  'timeUseBotQueues',
  'expiresTicket',
  'timeSendQueue',
] as const;

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
  timeSendQueue: c?.timeSendQueue ?? 0,
  allowGroup: c?.allowGroup ?? false,
  queueIds: c?.queueIds ?? [],
  token: c?.token ?? '',
  phoneNumberId: '',
  accessToken: '',
  businessAccountId: '',
  schedules: c?.schedules.length ? c.schedules : DefaultQueueSchedules,
  importOldMessages: c?.importOldMessages?.slice(0, 10) ?? '',
  importRecentMessages: c?.importRecentMessages?.slice(0, 10) ?? '',
  importOldMessagesGroups: c?.importOldMessagesGroups ?? false,
  closedTicketsPostImported: c?.closedTicketsPostImported ?? false,
});

/**
 * Add/edit dialog of /connections: general data (with the Cloud API secrets for a new whatsappapi
 * connection), messages with the greeting media (once saved), bot knobs, queues, the history import
 * options (Baileys), and the schedules when the company's schedule type is "connection". The secrets
 * are write-only: never shown back. Integration and prompt links have no list to choose from yet
 * (no integrations/prompts routes), so their selects are left out.
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
  const [saving, setSaving] = useState(false);
  const [create] = useCreateConnectionMutation();
  const [update] = useUpdateConnectionMutation();
  const { data: queues = [] } = useListQueuesQuery();
  const [uploadMedia, uploading] = useUploadGreetingMediaMutation();
  const [removeMedia, removing] = useRemoveGreetingMediaMutation();
  const [media, setMedia] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const viewer = useAppSelector(selectUser);
  const showSchedules =
    viewer?.company.companieSettings.find((s) => s.key === 'scheduleType')?.value === 'connection';
  const kind = connection?.channel ?? channel;
  const now = new Date();

  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(connection));
    setNameError(null);
    setImportError(null);
    setMedia(connection?.greetingMediaAttachment ?? null);
  }, [open, connection]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = draft.name.trim();
    if (name.length < 2 || name.length > 50) {
      setNameError(name ? t('nameLength') : t('required'));
      return;
    }
    const wrongImport = importWindowError(draft.importOldMessages, draft.importRecentMessages);
    if (wrongImport) {
      setImportError(t(`importErrors.${wrongImport}`));
      return;
    }
    const { phoneNumberId, accessToken, businessAccountId, ...rest } = draft;
    const fields = {
      ...rest,
      importOldMessages: rest.importOldMessages || null,
      importRecentMessages: rest.importRecentMessages || null,
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
                <Tabs.Root defaultValue="general">
                  <Tabs.List>
                    <Tabs.Trigger value="general">{t('tabs.general')}</Tabs.Trigger>
                    <Tabs.Trigger value="messages">{t('tabs.messages')}</Tabs.Trigger>
                    <Tabs.Trigger value="bot">{t('tabs.bot')}</Tabs.Trigger>
                    <Tabs.Trigger value="queues">{t('tabs.queues')}</Tabs.Trigger>
                    {kind === 'whatsapp' && (
                      <Tabs.Trigger value="import">{t('tabs.import')}</Tabs.Trigger>
                    )}
                    {showSchedules && (
                      <Tabs.Trigger value="schedules">{t('tabs.schedules')}</Tabs.Trigger>
                    )}
                  </Tabs.List>
                  <Tabs.Content value="general">
                    <Stack gap="3">
                      <Field.Root invalid={!!nameError} required>
                        <Field.Label>{t('name')}</Field.Label>
                        <Input value={draft.name} onChange={(e) => set('name', e.target.value)} />
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
                      <Switch.Root
                        checked={draft.allowGroup}
                        onCheckedChange={(e) => set('allowGroup', e.checked)}
                      >
                        <Switch.HiddenInput />
                        <Switch.Control />
                        <Switch.Label>{t('allowGroup')}</Switch.Label>
                      </Switch.Root>
                      <Field.Root>
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
                      </Field.Root>
                      {kind === 'whatsappapi' &&
                        (['phoneNumberId', 'accessToken', 'businessAccountId'] as const).map(
                          (key) => (
                            <Field.Root
                              key={key}
                              required={!connection && key !== 'businessAccountId'}
                            >
                              <Field.Label>{t(key)}</Field.Label>
                              <Input
                                type={key === 'accessToken' ? 'password' : 'text'}
                                autoComplete="off"
                                value={draft[key]}
                                onChange={(e) => set(key, e.target.value)}
                              />
                            </Field.Root>
                          ),
                        )}
                    </Stack>
                  </Tabs.Content>
                  <Tabs.Content value="messages">
                    <Stack gap="3">
                      {MessageFields.map((key) => (
                        <Field.Root key={key}>
                          <Field.Label>{t(key)}</Field.Label>
                          <Textarea
                            rows={3}
                            value={draft[key]}
                            onChange={(e) => set(key, e.target.value)}
                          />
                        </Field.Root>
                      ))}
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
                  <Tabs.Content value="bot">
                    <HStack gap="3" wrap="wrap">
                      {BotFields.map((key) => (
                        <Field.Root key={key} maxW="56">
                          <Field.Label>{t(key)}</Field.Label>
                          <Input
                            type="number"
                            min={0}
                            value={draft[key]}
                            onChange={(e) => set(key, Math.max(0, Number(e.target.value) || 0))}
                          />
                        </Field.Root>
                      ))}
                    </HStack>
                  </Tabs.Content>
                  <Tabs.Content value="queues">
                    <Stack gap="2">
                      {queues.map((queue) => (
                        <Checkbox.Root
                          key={queue.id}
                          checked={draft.queueIds.includes(queue.id)}
                          onCheckedChange={(e) =>
                            set(
                              'queueIds',
                              e.checked
                                ? [...draft.queueIds, queue.id]
                                : draft.queueIds.filter((id) => id !== queue.id),
                            )
                          }
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{queue.name}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </Stack>
                  </Tabs.Content>
                  {kind === 'whatsapp' && (
                    <Tabs.Content value="import">
                      <Stack gap="3">
                        <Text fontSize="sm" color="fg.muted">
                          {t('importHelp')}
                        </Text>
                        <HStack gap="3" align="start">
                          {(['importOldMessages', 'importRecentMessages'] as const).map((key) => (
                            <Field.Root key={key} invalid={!!importError}>
                              <Field.Label>{t(key)}</Field.Label>
                              <Input
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
                      </Stack>
                    </Tabs.Content>
                  )}
                  {showSchedules && (
                    <Tabs.Content value="schedules">
                      <WeeklyScheduleTable rows={draft.schedules} onChange={setSchedule} />
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
