import type { ParseKeys } from 'i18next';
import { Button, Field, SimpleGrid, Text, Textarea } from '@chakra-ui/react';
import {
  QueueIntegrationInput,
  QueueIntegrationLanguages,
  QueueIntegrationTypes,
  TypebotDefaults,
  type QueueIntegration,
  type QueueIntegrationLanguage,
  type QueueIntegrationType,
} from '@sb/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormDialog } from '../../components/form-dialog.js';
import { useRecordDraft } from '../../components/record-dialogs.js';
import { SelectField, TextField } from '../../components/form-fields.js';
import { LuPlay } from 'react-icons/lu';
import { notify, toastError } from '../../components/toaster.js';
import {
  useCreateQueueIntegrationMutation,
  useTestQueueIntegrationMutation,
  useUpdateQueueIntegrationMutation,
} from './queue-integrations.api.js';

const isOfferedLanguage = (
  language: string,
): language is (typeof QueueIntegrationLanguages)[number] =>
  (QueueIntegrationLanguages as readonly string[]).includes(language);
/** The form's three languages, plus the stored one when an import brought another ("fr"). */
const languageOptions = (stored: string): string[] =>
  isOfferedLanguage(stored)
    ? [...QueueIntegrationLanguages]
    : [...QueueIntegrationLanguages, stored];

type Draft = {
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: QueueIntegrationLanguage;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: string;
  typebotDelayMessage: string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
};

type FieldName = keyof Draft;

const draftOf = (record: QueueIntegration | null): Draft => ({
  type: record?.type ?? 'dialogflow',
  name: record?.name ?? '',
  projectName: record?.projectName ?? '',
  jsonContent: record?.jsonContent ?? '',
  language: record?.language ?? 'pt-BR',
  urlN8N: record?.urlN8N ?? '',
  typebotSlug: record?.typebotSlug ?? '',
  typebotExpires: String(record?.typebotExpires ?? TypebotDefaults.expires),
  typebotDelayMessage: String(record?.typebotDelayMessage ?? TypebotDefaults.delayMessage),
  typebotKeywordFinish: record?.typebotKeywordFinish ?? '',
  typebotKeywordRestart: record?.typebotKeywordRestart ?? '',
  typebotUnknownMessage: record?.typebotUnknownMessage ?? '',
  typebotRestartMessage: record?.typebotRestartMessage ?? '',
});

/** The contracts' rule texts → this namespace's keys. */
const messageKeys: Record<string, ParseKeys<'queue-integrations'>> = {
  Required: 'required',
  'Too Short!': 'tooShort',
  'Too Long!': 'tooLong',
  'Invalid URL': 'invalidUrl',
  'Invalid key': 'invalidKey',
};

const typeLabels: Record<QueueIntegrationType, string> = {
  dialogflow: 'DialogFlow',
  n8n: 'N8N',
  webhook: 'WebHooks',
  typebot: 'Typebot',
};

/** the errors of a fresh draft */
const noErrors: Partial<Record<FieldName, ParseKeys<'queue-integrations'>>> = {};

/**
 * Add/edit modal of /queue-integration (spec 3 §2.14): the type decides the fields; Dialogflow has a
 * Test button that asks the agent through the API. Add or edit by the presence of a record; closing
 * resets the form.
 */
export const QueueIntegrationDialog = ({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: QueueIntegration | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('queue-integrations');
  const { draft, setDraft, errors, setErrors, save, dialog } = useRecordDraft(
    { open, record, onClose },
    draftOf,
    noErrors,
  );
  const [reply, setReply] = useState<string | null>(null);
  const [create] = useCreateQueueIntegrationMutation();
  const [update] = useUpdateQueueIntegrationMutation();
  const [test, testing] = useTestQueueIntegrationMutation();

  useEffect(() => {
    if (!open) return;
    setReply(null);
  }, [open, record]);

  const set = (name: FieldName) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = QueueIntegrationInput.safeParse(draft);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, ParseKeys<'queue-integrations'>>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] ??= messageKeys[issue.message] ?? 'invalid';
      }
      setErrors(found);
      return;
    }
    setErrors({});
    await save(async () => {
      if (record) {
        await update({ ...parsed.data, id: record.id }).unwrap();
        notify.success(t('edited'));
      } else {
        await create(parsed.data).unwrap();
        notify.success(t('added'));
      }
      onClose();
    });
  };

  const runTest = async () => {
    setReply(null);
    try {
      const result = await test({
        projectName: draft.projectName,
        jsonContent: draft.jsonContent,
        language: draft.language,
        ...(record ? { id: record.id } : {}),
      }).unwrap();
      setReply(result.responses.join('\n') || t('noReply'));
      notify.success(t('tested'));
    } catch (error) {
      toastError(error);
    }
  };

  const text = (name: FieldName, options: { required?: boolean; type?: string } = {}) => (
    <TextField
      label={t(name)}
      required={options.required}
      error={errors[name] && t(errors[name])}
      value={draft[name]}
      onChange={set(name)}
      input={{ type: options.type ?? 'text' }}
    />
  );

  return (
    <RecordFormDialog
      ns="queue-integrations"
      {...dialog}
      onSubmit={submit}
      submitLabel={record ? t('save') : t('addButton')}
      scrollBehavior="inside"
      testId="queue-integration-form"
      footerStart={
        draft.type === 'dialogflow' && (
          <Button
            variant="outline"
            colorPalette="brand"
            loading={testing.isLoading}
            disabled={!draft.projectName.trim() || !draft.jsonContent.trim()}
            onClick={() => void runTest()}
            me="auto"
          >
            <LuPlay /> {t('test')}
          </Button>
        )
      }
    >
      <SelectField
        label={t('type')}
        namedControl
        required
        value={draft.type}
        onChange={(type) => {
          set('type')(type);
          setErrors({});
          setReply(null);
        }}
        options={QueueIntegrationTypes.map((type) => [type, typeLabels[type]] as const)}
      />
      {text('name', { required: true })}

      {draft.type === 'dialogflow' && (
        <>
          <SelectField
            label={t('language')}
            namedControl
            value={draft.language}
            onChange={set('language')}
            options={languageOptions(draft.language).map(
              (language) =>
                [
                  language,
                  isOfferedLanguage(language) ? t(`languages.${language}`) : language,
                ] as const,
            )}
          />
          {text('projectName', { required: true })}
          <Field.Root invalid={!!errors.jsonContent} required>
            <Field.Label>{t('jsonContent')}</Field.Label>
            <Textarea
              rows={8}
              fontFamily="mono"
              fontSize="xs"
              value={draft.jsonContent}
              onChange={(e) => set('jsonContent')(e.target.value)}
            />
            {errors.jsonContent ? (
              <Field.ErrorText>{t(errors.jsonContent)}</Field.ErrorText>
            ) : (
              record && <Field.HelperText>{t('keyKept')}</Field.HelperText>
            )}
          </Field.Root>
          {reply !== null && (
            <Text
              fontSize="sm"
              color="fg.muted"
              whiteSpace="pre-wrap"
              data-testid="dialogflow-test-reply"
            >
              {t('agentSaid', { reply })}
            </Text>
          )}
        </>
      )}

      {(draft.type === 'n8n' || draft.type === 'webhook') && text('urlN8N', { required: true })}

      {draft.type === 'typebot' && (
        <>
          {text('urlN8N')}
          {text('typebotSlug', { required: true })}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {text('typebotExpires', { type: 'number' })}
            {text('typebotDelayMessage', { type: 'number' })}
            {text('typebotKeywordFinish')}
            {text('typebotKeywordRestart')}
          </SimpleGrid>
          {text('typebotUnknownMessage')}
          {text('typebotRestartMessage')}
        </>
      )}
    </RecordFormDialog>
  );
};
