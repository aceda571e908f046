import {
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  AnnouncementInput,
  AnnouncementMediaExtensions,
  AnnouncementPriorities,
  DefaultAnnouncementPriority,
  type Announcement,
} from '@sb/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuImage, LuTrash2 } from 'react-icons/lu';
import { notify, toastError } from '../../components/toaster.js';
import { submitDelay } from '../../components/submit-delay.js';
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
  const [draft, setDraft] = useState<Draft>(draftOf(record));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [file, setFile] = useState<File | null>(null);
  const [dropImage, setDropImage] = useState(false);
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [create] = useCreateAnnouncementMutation();
  const [update] = useUpdateAnnouncementMutation();
  const [upload] = useUploadAnnouncementMediaMutation();
  const [removeMedia] = useDeleteAnnouncementMediaMutation();

  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(record));
    setErrors({});
    setFile(null);
    setDropImage(false);
  }, [open, record]);

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
    setSaving(true);
    try {
      await submitDelay();
      const saved = record
        ? await update({ ...parsed.data, id: record.id }).unwrap()
        : await create(parsed.data).unwrap();
      if (file) await upload({ id: saved.id, file }).unwrap();
      else if (dropImage && saved.mediaPath) await removeMedia(saved.id).unwrap();
      notify.success(t('saved'));
      onClose();
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  const chooseFile = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!isAcceptedImage(chosen.name)) {
      setErrors((e) => ({ ...e, file: t('badImage') }));
      return;
    }
    setErrors((e) => ({ ...e, file: undefined }));
    setFile(chosen);
    setDropImage(false);
  };

  const currentImage = file?.name ?? (dropImage ? null : record?.mediaName);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      size="lg"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="announcement-form">
            <form onSubmit={(event) => void submit(event)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{record ? t('edit') : t('newTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root invalid={!!errors.title} required>
                    <Field.Label>{t('title')}</Field.Label>
                    <Input
                      value={draft.title}
                      onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
                    />
                    <Field.ErrorText>{errors.title}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={!!errors.text} required>
                    <Field.Label>{t('text')}</Field.Label>
                    <Textarea
                      rows={5}
                      value={draft.text}
                      onChange={(e) => setDraft((d) => ({ ...d, text: e.target.value }))}
                    />
                    <Field.ErrorText>{errors.text}</Field.ErrorText>
                  </Field.Root>
                  <HStack gap="4" align="end">
                    <Field.Root>
                      <Field.Label>{t('priority')}</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          value={String(draft.priority)}
                          onChange={(e) =>
                            setDraft((d) => ({ ...d, priority: Number(e.target.value) }))
                          }
                        >
                          {AnnouncementPriorities.map((p) => (
                            <option key={p} value={p}>
                              {t(`priorities.${p}`)}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
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
                  <Field.Root invalid={!!errors.file}>
                    <Field.Label>{t('image')}</Field.Label>
                    <HStack>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => fileInput.current?.click()}
                      >
                        <LuImage /> {t('attach')}
                      </Button>
                      {currentImage && (
                        <>
                          <Text fontSize="sm" truncate data-testid="announcement-image-name">
                            {currentImage}
                          </Text>
                          <Button
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            aria-label={t('removeImage')}
                            onClick={() => {
                              setFile(null);
                              setDropImage(true);
                            }}
                          >
                            <LuTrash2 />
                          </Button>
                        </>
                      )}
                    </HStack>
                    <input
                      ref={fileInput}
                      type="file"
                      hidden
                      accept=".png,.jpg,.jpeg,image/png,image/jpeg"
                      onChange={(e) => {
                        chooseFile(e.target.files?.[0]);
                        e.target.value = '';
                      }}
                    />
                    <Field.ErrorText>{errors.file}</Field.ErrorText>
                  </Field.Root>
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
