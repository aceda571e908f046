import {
  Button,
  CloseButton,
  Dialog,
  Field,
  Grid,
  IconButton,
  Input,
  InputGroup,
  NativeSelect,
  Portal,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import {
  PromptDefaults,
  PromptInput,
  PromptVoices,
  type Prompt,
  type PromptVoice,
} from '@sb/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { submitDelay } from '../../components/submit-delay.js';
import { notify, toastError } from '../../components/toaster.js';
import { useListQueuesQuery } from '../queues/queues.api.js';
import { useCreatePromptMutation, useUpdatePromptMutation } from './prompts.api.js';

type Draft = {
  name: string;
  apiKey: string;
  prompt: string;
  queueId: string;
  voice: PromptVoice;
  voiceKey: string;
  voiceRegion: string;
  temperature: string;
  maxTokens: string;
  maxMessages: string;
};

const draftOf = (record: Prompt | null): Draft => ({
  name: record?.name ?? '',
  apiKey: record?.apiKey ?? '',
  prompt: record?.prompt ?? '',
  queueId: record?.queueId ? String(record.queueId) : '',
  voice: record?.voice ?? PromptDefaults.voice,
  voiceKey: record?.voiceKey ?? '',
  voiceRegion: record?.voiceRegion ?? '',
  temperature: String(record?.temperature ?? PromptDefaults.temperature),
  maxTokens: String(record?.maxTokens ?? PromptDefaults.maxTokens),
  maxMessages: String(record?.maxMessages ?? PromptDefaults.maxMessages),
});

type Errors = Partial<Record<keyof Draft, string>>;

/** The label of a voice: "Text" or the voice's first name (pt-BR-FranciscaNeural → Francisca). */
const voiceName = (voice: PromptVoice) => voice.replace(/^pt-BR-/, '').replace(/Neural$/, '');

/**
 * Add/edit dialog of /prompts (spec 3 §2.16). Keys come masked from the server: sending the masked value
 * back (or nothing) keeps the stored key. Saved only with a queue ("Informe o setor").
 */
export const PromptDialog = ({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: Prompt | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('prompts');
  const [draft, setDraft] = useState<Draft>(draftOf(record));
  const [errors, setErrors] = useState<Errors>({});
  const [showKey, setShowKey] = useState(false);
  const [saving, setSaving] = useState(false);
  const { data: queues = [] } = useListQueuesQuery(undefined, { skip: !open });
  const [create] = useCreatePromptMutation();
  const [update] = useUpdatePromptMutation();

  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(record));
    setErrors({});
    setShowKey(false);
  }, [open, record]);

  const set = (field: keyof Draft) => (value: string) =>
    setDraft((d) => ({ ...d, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!draft.queueId) found.queueId = t('queueRequired');
    if (!record && !draft.apiKey.trim()) found.apiKey = t('invalid.apiKey');
    const parsed = PromptInput.safeParse({
      ...draft,
      queueId: draft.queueId ? Number(draft.queueId) : null,
      temperature: draft.temperature.trim() === '' ? undefined : draft.temperature,
      maxTokens: draft.maxTokens.trim() === '' ? undefined : draft.maxTokens,
      maxMessages: draft.maxMessages.trim() === '' ? undefined : draft.maxMessages,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Draft | undefined;
        if (field && !found[field]) found[field] = t(`invalid.${field}`);
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    setSaving(true);
    try {
      await submitDelay();
      if (record) await update({ ...parsed.data, id: record.id }).unwrap();
      else await create(parsed.data).unwrap();
      notify.success(t('saved'));
      onClose();
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      size="lg"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="prompt-form">
            <form onSubmit={(event) => void submit(event)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{record ? t('edit') : t('add')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root invalid={!!errors.name} required>
                    <Field.Label>{t('name')}</Field.Label>
                    <Input value={draft.name} onChange={(e) => set('name')(e.target.value)} />
                    <Field.ErrorText>{errors.name}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={!!errors.apiKey} required={!record}>
                    <Field.Label>{t('apiKey')}</Field.Label>
                    <InputGroup
                      endElement={
                        <IconButton
                          variant="ghost"
                          size="sm"
                          me="-2"
                          aria-label={showKey ? t('hideKey') : t('showKey')}
                          onClick={() => setShowKey((shown) => !shown)}
                        >
                          {showKey ? <LuEyeOff /> : <LuEye />}
                        </IconButton>
                      }
                    >
                      <Input
                        type={showKey ? 'text' : 'password'}
                        autoComplete="off"
                        value={draft.apiKey}
                        onChange={(e) => set('apiKey')(e.target.value)}
                      />
                    </InputGroup>
                    {record && <Field.HelperText>{t('keyKept')}</Field.HelperText>}
                    <Field.ErrorText>{errors.apiKey}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={!!errors.prompt} required>
                    <Field.Label>{t('prompt')}</Field.Label>
                    <Textarea
                      rows={10}
                      value={draft.prompt}
                      onChange={(e) => set('prompt')(e.target.value)}
                    />
                    <Field.ErrorText>{errors.prompt}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={!!errors.queueId} required>
                    <Field.Label>{t('queue')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        aria-label={t('queue')}
                        value={draft.queueId}
                        onChange={(e) => set('queueId')(e.target.value)}
                      >
                        <option value="">{t('chooseQueue')}</option>
                        {queues.map((queue) => (
                          <option key={queue.id} value={queue.id}>
                            {queue.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText>{errors.queueId}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={!!errors.voice}>
                    <Field.Label>{t('voice')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        aria-label={t('voice')}
                        value={draft.voice}
                        onChange={(e) => set('voice')(e.target.value)}
                      >
                        {PromptVoices.map((voice) => (
                          <option key={voice} value={voice}>
                            {voice === 'texto' ? t('voiceText') : voiceName(voice)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                    <Field.Root invalid={!!errors.voiceKey}>
                      <Field.Label>{t('voiceKey')}</Field.Label>
                      <Input
                        type="password"
                        autoComplete="off"
                        value={draft.voiceKey}
                        onChange={(e) => set('voiceKey')(e.target.value)}
                      />
                      <Field.ErrorText>{errors.voiceKey}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!errors.voiceRegion}>
                      <Field.Label>{t('voiceRegion')}</Field.Label>
                      <Input
                        value={draft.voiceRegion}
                        onChange={(e) => set('voiceRegion')(e.target.value)}
                      />
                      <Field.ErrorText>{errors.voiceRegion}</Field.ErrorText>
                    </Field.Root>
                  </Grid>
                  <Grid templateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="4">
                    <Field.Root invalid={!!errors.temperature}>
                      <Field.Label>{t('temperature')}</Field.Label>
                      <Input
                        type="number"
                        step="0.1"
                        min="0"
                        max="2"
                        value={draft.temperature}
                        onChange={(e) => set('temperature')(e.target.value)}
                      />
                      <Field.ErrorText>{errors.temperature}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!errors.maxTokens}>
                      <Field.Label>{t('maxTokens')}</Field.Label>
                      <Input
                        type="number"
                        min="1"
                        value={draft.maxTokens}
                        onChange={(e) => set('maxTokens')(e.target.value)}
                      />
                      <Field.ErrorText>{errors.maxTokens}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!errors.maxMessages}>
                      <Field.Label>{t('maxMessages')}</Field.Label>
                      <Input
                        type="number"
                        min="1"
                        value={draft.maxMessages}
                        onChange={(e) => set('maxMessages')(e.target.value)}
                      />
                      <Field.ErrorText>{errors.maxMessages}</Field.ErrorText>
                    </Field.Root>
                  </Grid>
                </Stack>
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
