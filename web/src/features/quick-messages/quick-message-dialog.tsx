import {
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  Portal,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { QuickMessageInput, type QuickMessage } from '@sb/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPaperclip, LuTrash2 } from 'react-icons/lu';
import { submitDelay } from '../../components/submit-delay.js';
import { notify, toastError } from '../../components/toaster.js';
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
  const [draft, setDraft] = useState<Draft>(draftOf(record));
  const [shortcodeError, setShortcodeError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [create] = useCreateQuickMessageMutation();
  const [update] = useUpdateQuickMessageMutation();
  const [upload] = useUploadQuickMessageMediaMutation();
  const [removeMedia] = useDeleteQuickMessageMediaMutation();

  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(record));
    setShortcodeError(null);
    setFile(null);
    setDropMedia(false);
  }, [open, record]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = QuickMessageInput.safeParse({ ...draft, status: record?.status ?? true });
    if (!parsed.success) {
      setShortcodeError(t('required'));
      return;
    }
    setSaving(true);
    try {
      await submitDelay();
      const saved = record
        ? await update({ ...parsed.data, id: record.id }).unwrap()
        : await create(parsed.data).unwrap();
      if (file) await upload({ id: saved.id, file }).unwrap();
      else if (dropMedia && saved.mediaPath) await removeMedia(saved.id).unwrap();
      notify.success(t('saved'));
      onClose();
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  const currentMedia = file?.name ?? (dropMedia ? null : record?.mediaName);

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
          <Dialog.Content data-testid="quick-message-form">
            <form onSubmit={(event) => void submit(event)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{record ? t('edit') : t('add')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root invalid={!!shortcodeError} required>
                    <Field.Label>{t('shortcode')}</Field.Label>
                    <Input
                      value={draft.shortcode}
                      onChange={(e) => setDraft((d) => ({ ...d, shortcode: e.target.value }))}
                    />
                    <Field.ErrorText>{shortcodeError}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('message')}</Field.Label>
                    <Textarea
                      rows={5}
                      value={draft.message}
                      onChange={(e) => setDraft((d) => ({ ...d, message: e.target.value }))}
                    />
                  </Field.Root>
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
                  <Field.Root>
                    <Field.Label>{t('media')}</Field.Label>
                    <HStack>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => fileInput.current?.click()}
                      >
                        <LuPaperclip /> {t('attach')}
                      </Button>
                      {currentMedia && (
                        <>
                          <Text fontSize="sm" truncate data-testid="quick-message-media-name">
                            {currentMedia}
                          </Text>
                          <Button
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            aria-label={t('removeMedia')}
                            onClick={() => {
                              setFile(null);
                              setDropMedia(true);
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
                      data-testid="quick-message-file"
                      accept={AcceptedMedia}
                      onChange={(e) => {
                        const chosen = e.target.files?.[0];
                        if (chosen) {
                          setFile(chosen);
                          setDropMedia(false);
                        }
                        e.target.value = '';
                      }}
                    />
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
