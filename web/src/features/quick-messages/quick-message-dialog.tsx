import { Switch } from '@chakra-ui/react';
import { QuickMessageInput, type QuickMessage } from '@sb/contracts';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormDialog } from '../../components/form-dialog.js';
import { useRecordDraft } from '../../components/record-dialogs.js';
import { AttachmentField, TextField } from '../../components/form-fields.js';
import { useMediaAttachment } from '../../components/media-attachment.js';
import { LuPaperclip } from 'react-icons/lu';
import { notify } from '../../components/toaster.js';
import {
  useCreateQuickMessageMutation,
  useDeleteQuickMessageMediaMutation,
  useUpdateQuickMessageMutation,
  useUploadQuickMessageMediaMutation,
} from './quick-messages.api.js';

type Draft = { shortcode: string; message: string; geral: boolean };

const draftOf = (record: QuickMessage | null): Draft => ({
  shortcode: record?.shortcode ?? '',
  message: record?.message ?? '',
  geral: record?.geral ?? false,
});

/** What the file picker offers; the gateway decides by the file's bytes. */
const AcceptedMedia = 'image/*,audio/*,video/mp4,video/webm,application/pdf';

/** the errors of a fresh draft */
const noErrors = null as string | null;

/** Add/edit dialog of /quick-messages: shortcode, message, the general flag (admins) and a file. */
export const QuickMessageDialog = ({
  open,
  record,
  mayMarkGeneral,
  onClose,
}: {
  open: boolean;
  record: QuickMessage | null;
  mayMarkGeneral: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation('quick-messages');
  const {
    draft,
    setDraft,
    errors: shortcodeError,
    setErrors: setShortcodeError,
    save,
    dialog,
  } = useRecordDraft({ open, record, onClose }, draftOf, noErrors);
  const media = useMediaAttachment(record?.mediaName);
  const [create] = useCreateQuickMessageMutation();
  const [update] = useUpdateQuickMessageMutation();
  const [upload] = useUploadQuickMessageMediaMutation();
  const [removeMedia] = useDeleteQuickMessageMediaMutation();
  const { reset: resetMedia } = media;

  useEffect(() => {
    if (!open) return;
    resetMedia();
  }, [open, record, resetMedia]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = QuickMessageInput.safeParse({ ...draft, status: record?.status ?? true });
    if (!parsed.success) {
      setShortcodeError(t('required'));
      return;
    }
    await save(async () => {
      const saved = record
        ? await update({ ...parsed.data, id: record.id }).unwrap()
        : await create(parsed.data).unwrap();
      await media.sync(saved, upload, removeMedia);
      notify.success(t('saved'));
      onClose();
    });
  };

  return (
    <RecordFormDialog ns="quick-messages" {...dialog} onSubmit={submit} testId="quick-message-form">
      <TextField
        label={t('shortcode')}
        required
        error={shortcodeError}
        value={draft.shortcode}
        onChange={(shortcode) => setDraft((d) => ({ ...d, shortcode }))}
      />
      <TextField
        label={t('message')}
        rows={5}
        value={draft.message}
        onChange={(message) => setDraft((d) => ({ ...d, message }))}
      />
      {mayMarkGeneral && (
        <Switch.Root
          checked={draft.geral}
          onCheckedChange={(e) => setDraft((d) => ({ ...d, geral: e.checked }))}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('general')}</Switch.Label>
        </Switch.Root>
      )}
      <AttachmentField
        label={t('media')}
        attachLabel={t('attach')}
        icon={<LuPaperclip />}
        removeLabel={t('removeMedia')}
        fileName={media.fileName}
        nameTestId="quick-message-media-name"
        inputTestId="quick-message-file"
        accept={AcceptedMedia}
        onChoose={media.choose}
        onRemove={media.remove}
      />
    </RecordFormDialog>
  );
};
