import { Field, Grid, IconButton, Input, InputGroup } from '@chakra-ui/react';
import {
  PromptDefaults,
  PromptInput,
  PromptVoices,
  type Prompt,
  type PromptVoice,
} from '@sb/contracts';
import { useEffect, useState, type ComponentProps, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormDialog } from '../../components/form-dialog.js';
import { useRecordDraft } from '../../components/record-dialogs.js';
import { SelectField, TextField } from '../../components/form-fields.js';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { notify } from '../../components/toaster.js';
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

/** the errors of a fresh draft */
const noErrors: Errors = {};

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
  const { draft, setDraft, errors, setErrors, save, dialog } = useRecordDraft(
    { open, record, onClose },
    draftOf,
    noErrors,
  );
  const [showKey, setShowKey] = useState(false);
  const { data: queues = [] } = useListQueuesQuery(undefined, { skip: !open });
  const [create] = useCreatePromptMutation();
  const [update] = useUpdatePromptMutation();

  useEffect(() => {
    if (!open) return;
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
    await save(async () => {
      if (record) await update({ ...parsed.data, id: record.id }).unwrap();
      else await create(parsed.data).unwrap();
      notify.success(t('saved'));
      onClose();
    });
  };

  /** A text field of the draft, labelled by the field's own key. */
  const text = (
    field: Exclude<keyof Draft, 'queueId' | 'voice'>,
    props: Pick<ComponentProps<typeof TextField>, 'required' | 'rows' | 'input'> = {},
  ) => (
    <TextField
      label={t(field)}
      error={errors[field]}
      value={draft[field]}
      onChange={set(field)}
      {...props}
    />
  );

  return (
    <RecordFormDialog
      ns="prompts"
      {...dialog}
      onSubmit={submit}
      scrollBehavior="inside"
      testId="prompt-form"
    >
      {text('name', { required: true })}
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
      {text('prompt', { required: true, rows: 10 })}
      <SelectField
        label={t('queue')}
        namedControl
        required
        error={errors.queueId}
        value={draft.queueId}
        onChange={set('queueId')}
        placeholder={t('chooseQueue')}
        options={queues.map((queue) => [queue.id, queue.name] as const)}
      />
      <SelectField
        label={t('voice')}
        namedControl
        error={errors.voice}
        value={draft.voice}
        onChange={set('voice')}
        options={PromptVoices.map(
          (voice) => [voice, voice === 'texto' ? t('voiceText') : voiceName(voice)] as const,
        )}
      />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        {text('voiceKey', { input: { type: 'password', autoComplete: 'off' } })}
        {text('voiceRegion')}
      </Grid>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="4">
        {text('temperature', { input: { type: 'number', step: '0.1', min: '0', max: '2' } })}
        {text('maxTokens', { input: { type: 'number', min: '1' } })}
        {text('maxMessages', { input: { type: 'number', min: '1' } })}
      </Grid>
    </RecordFormDialog>
  );
};
