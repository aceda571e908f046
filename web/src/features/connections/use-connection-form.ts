import type {
  ChannelKind,
  ConnectionRecord,
  ConnectionSendLimits,
  QueueSchedule,
} from '@sb/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCampaignRoutes } from '../../lib/campaign-routes.js';
import { useAppSelector } from '../../app/hooks.js';
import { submitDelay } from '../../components/submit-delay.js';
import { notify, toastError } from '../../components/toaster.js';
import { hasPlanFlag } from '../auth/access.js';
import { selectUser } from '../auth/session.slice.js';
import { useIntegrationChoices, usePromptChoices } from '../queues/bot-choices.js';
import { useListQueuesQuery } from '../queues/queues.api.js';
import {
  draftOf,
  failedTabOf,
  fieldErrorsOf,
  FieldTabs,
  importWindowError,
  type ConnectionTab,
  type Draft,
  type FieldErrors,
} from './connection-form.js';
import {
  useCreateConnectionMutation,
  useRemoveGreetingMediaMutation,
  useUpdateConnectionMutation,
  useUploadGreetingMediaMutation,
} from './connections.api.js';

/** The date inputs of the history import, which a wrong import window puts the cursor in. */
type ImportKey = 'importOldMessages' | 'importRecentMessages';

/**
 * The connection dialog's state and actions: the draft and its errors, the open tab, what the viewer's
 * company and plan show, the save (checks, then create or update) and the greeting media.
 */
export const useConnectionForm = ({
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
  const [importError, setImportError] = useState<string | null>(null);
  const [tab, setTab] = useState<ConnectionTab>('general');
  const nameInput = useRef<HTMLInputElement>(null);
  const importInputs = useRef<Partial<Record<ImportKey, HTMLInputElement | null>>>({});
  const viewer = useAppSelector(selectUser);
  const showSchedules =
    viewer?.company.companieSettings.find((s) => s.key === 'scheduleType')?.value === 'connection';
  const showCampaigns = useCampaignRoutes();
  const kind = connection?.channel ?? channel;
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

  const setSendLimits = (update: (limits: ConnectionSendLimits) => ConnectionSendLimits) => {
    setDraft((d) => ({ ...d, sendLimits: update(d.sendLimits) }));
    setFieldErrors((errors) => ({ ...errors, sendLimits: undefined }));
  };

  /** Typing in a secret or an import date clears that field's own error. */
  const setAccessToken = (value: string) => {
    setTokenError(null);
    set('accessToken', value);
  };
  const setImportDay = (key: ImportKey, value: string) => {
    setImportError(null);
    set(key, value);
  };

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

  return {
    connection,
    kind,
    draft,
    set,
    setSchedule,
    setSendLimits,
    setAccessToken,
    setImportDay,
    nameError,
    tokenError,
    importError,
    fieldErrors,
    nameInput,
    importInputs,
    tab,
    setTab,
    saving,
    submit,
    queues,
    integrations,
    prompts,
    canIntegrate,
    canPrompt,
    showSchedules,
    showCampaigns,
    media,
    pickMedia,
    dropMedia,
    uploading: uploading.isLoading,
    removing: removing.isLoading,
  };
};

/** What the dialog's tabs read and change. */
export type ConnectionForm = ReturnType<typeof useConnectionForm>;
