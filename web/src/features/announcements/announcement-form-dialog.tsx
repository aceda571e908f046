import { HStack, Switch } from '@chakra-ui/react';
import {
  AnnouncementInput,
  AnnouncementMediaExtensions,
  AnnouncementPriorities,
  DefaultAnnouncementPriority,
  type Announcement,
} from '@sb/contracts';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormDialog } from '../../components/form-dialog.js';
import { useRecordDraft } from '../../components/record-dialogs.js';
import { AttachmentField, SelectField, TextField } from '../../components/form-fields.js';
import { useMediaAttachment } from '../../components/media-attachment.js';
import { LuImage } from 'react-icons/lu';
import { notify } from '../../components/toaster.js';
import {
  useCreateAnnouncementMutation,
  useDeleteAnnouncementMediaMutation,
  useUpdateAnnouncementMutation,
  useUploadAnnouncementMediaMutation,
} from './announcements.api.js';

type Draft = { title: string; text: string; priority: number; status: boolean };
type DraftErrors = Partial<Record<'title' | 'text' | 'file', string>>;

const draftOf = (record: Announcement | null): Draft => ({
  title: record?.title ?? '',
  text: record?.text ?? '',
  priority: record?.priority ?? DefaultAnnouncementPriority,
  status: record?.status ?? true,
});

/** Spec 3 §5: png, jpg, jpeg (the gateway checks the file's bytes too). */
export const isAcceptedImage = (name: string) =>
  (AnnouncementMediaExtensions as readonly string[]).some((ext) =>
    name.toLowerCase().endsWith(ext),
  );

/** the errors of a fresh draft */
const noErrors: DraftErrors = {};

/** Add/edit dialog of /announcements: title, text, priority, status and an optional image. */
export const AnnouncementFormDialog = ({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: Announcement | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('announcements');
  const { draft, setDraft, errors, setErrors, save, dialog } = useRecordDraft(
    { open, record, onClose },
    draftOf,
    noErrors,
  );
  const image = useMediaAttachment(record?.mediaName);
  const [create] = useCreateAnnouncementMutation();
  const [update] = useUpdateAnnouncementMutation();
  const [upload] = useUploadAnnouncementMediaMutation();
  const [removeMedia] = useDeleteAnnouncementMediaMutation();
  const { reset: resetImage } = image;

  useEffect(() => {
    if (!open) return;
    resetImage();
  }, [open, record, resetImage]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = AnnouncementInput.safeParse(draft);
    if (!parsed.success) {
      const found: DraftErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'title' || field === 'text') found[field] = t('required');
      }
      setErrors(found);
      return;
    }
    await save(async () => {
      const saved = record
        ? await update({ ...parsed.data, id: record.id }).unwrap()
        : await create(parsed.data).unwrap();
      await image.sync(saved, upload, removeMedia);
      notify.success(t('saved'));
      onClose();
    });
  };

  const chooseFile = (chosen: File) => {
    if (!isAcceptedImage(chosen.name)) {
      setErrors((e) => ({ ...e, file: t('badImage') }));
      return;
    }
    setErrors((e) => ({ ...e, file: undefined }));
    image.choose(chosen);
  };

  return (
    <RecordFormDialog
      ns="announcements"
      {...dialog}
      onSubmit={submit}
      title={record ? t('edit') : t('newTitle')}
      testId="announcement-form"
    >
      <TextField
        label={t('title')}
        required
        error={errors.title}
        value={draft.title}
        onChange={(title) => setDraft((d) => ({ ...d, title }))}
      />
      <TextField
        label={t('text')}
        required
        error={errors.text}
        rows={5}
        value={draft.text}
        onChange={(text) => setDraft((d) => ({ ...d, text }))}
      />
      <HStack gap="4" align="end">
        <SelectField
          label={t('priority')}
          value={String(draft.priority)}
          onChange={(priority) => setDraft((d) => ({ ...d, priority: Number(priority) }))}
          options={AnnouncementPriorities.map((p) => [p, t(`priorities.${p}`)] as const)}
        />
        <Switch.Root
          checked={draft.status}
          onCheckedChange={(e) => setDraft((d) => ({ ...d, status: e.checked }))}
          pb="2"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{draft.status ? t('active') : t('inactive')}</Switch.Label>
        </Switch.Root>
      </HStack>
      <AttachmentField
        label={t('image')}
        attachLabel={t('attach')}
        icon={<LuImage />}
        removeLabel={t('removeImage')}
        fileName={image.fileName}
        nameTestId="announcement-image-name"
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        error={errors.file}
        onChoose={chooseFile}
        onRemove={image.remove}
      />
    </RecordFormDialog>
  );
};
