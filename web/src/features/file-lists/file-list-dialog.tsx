import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { FileListInput, type FileListRecord } from '@sb/contracts';
import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormDialog } from '../../components/form-dialog.js';
import { useRecordDraft } from '../../components/record-dialogs.js';
import { TextField } from '../../components/form-fields.js';
import { LuPaperclip, LuPlus, LuTrash2 } from 'react-icons/lu';
import { notify } from '../../components/toaster.js';
import {
  useCreateFileListMutation,
  useUpdateFileListMutation,
  useUploadFileListFilesMutation,
  type OptionFiles,
} from './file-lists.api.js';

type OptionDraft = {
  key: number;
  id?: number;
  name: string;
  /** the stored file's name, shown until another is chosen */
  storedName: string | null;
  file: File | null;
};
type Draft = { name: string; message: string; options: OptionDraft[] };
type Errors = { name?: string; message?: string; options: Record<number, string> };

let nextKey = 1;

/** The file name part of a storage key (`company-1/file-lists/<uuid>-prices.pdf` → prices.pdf). */
const storedFileName = (path: string | null): string | null =>
  path ? (path.split('/').at(-1) ?? path).replace(/^[0-9a-f-]{36}-/, '') : null;

const draftOf = (record: FileListRecord | null): Draft => ({
  name: record?.name ?? '',
  message: record?.message ?? '',
  options: (record?.options ?? []).map((option) => ({
    key: nextKey++,
    id: option.id,
    name: option.name,
    storedName: storedFileName(option.path),
    file: null,
  })),
});

/** What the file picker offers; the gateway decides by the file's bytes. */
const AcceptedMedia = 'image/*,audio/*,video/mp4,video/webm,application/pdf';

/** One option row: its name, its file (chosen or stored) and the remove button. */
const OptionRow = ({
  option,
  error,
  onChange,
  onRemove,
}: {
  option: OptionDraft;
  error?: string;
  onChange: (option: OptionDraft) => void;
  onRemove: () => void;
}) => {
  const { t } = useTranslation('files');
  const input = useRef<HTMLInputElement>(null);
  const fileName = option.file?.name ?? option.storedName;
  return (
    <Stack gap="1" data-testid="file-option" borderWidth="1px" rounded="md" p="3">
      <HStack align="start">
        <TextField
          label={t('optionName')}
          required
          error={error}
          layout={{ flex: '1' }}
          value={option.name}
          onChange={(name) => onChange({ ...option, name })}
        />
        <IconButton
          mt="6"
          size="sm"
          variant="ghost"
          colorPalette="red"
          aria-label={t('removeOption')}
          onClick={onRemove}
        >
          <LuTrash2 />
        </IconButton>
      </HStack>
      <HStack>
        <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
          <LuPaperclip /> {t('chooseFile')}
        </Button>
        <Text
          fontSize="sm"
          color={fileName ? undefined : 'fg.muted'}
          truncate
          data-testid="file-option-name"
        >
          {fileName ?? t('noFile')}
        </Text>
      </HStack>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="file-option-input"
        accept={AcceptedMedia}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) onChange({ ...option, file: chosen });
          e.target.value = '';
        }}
      />
    </Stack>
  );
};

/** the errors of a fresh draft */
const noErrors: Errors = { options: {} };

/** Add/edit dialog of /files (spec 3 §2.15): name, message and repeatable options with a file each. */
export const FileListDialog = ({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: FileListRecord | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('files');
  const { draft, setDraft, errors, setErrors, save, dialog } = useRecordDraft(
    { open, record, onClose },
    draftOf,
    noErrors,
  );
  const [create] = useCreateFileListMutation();
  const [update] = useUpdateFileListMutation();
  const [upload] = useUploadFileListFilesMutation();

  const validate = (): Errors => {
    const found: Errors = { options: {} };
    const name = draft.name.trim();
    if (!name) found.name = t('required');
    else if (name.length < 3) found.name = t('nameTooShort');
    if (!draft.message.trim()) found.message = t('required');
    for (const option of draft.options) {
      if (!option.name.trim()) found.options[option.key] = t('required');
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (found.name || found.message || Object.keys(found.options).length > 0) return;
    const parsed = FileListInput.safeParse({
      name: draft.name,
      message: draft.message,
      options: draft.options.map((option) => ({ id: option.id, name: option.name })),
    });
    if (!parsed.success) {
      setErrors({ ...found, name: t('required') });
      return;
    }
    await save(async () => {
      const saved = record
        ? await update({ ...parsed.data, id: record.id }).unwrap()
        : await create(parsed.data).unwrap();
      const files: OptionFiles = draft.options.flatMap((option, index) =>
        option.file ? [{ index, file: option.file }] : [],
      );
      if (files.length > 0) await upload({ list: saved, files }).unwrap();
      notify.success(t('saved'));
      onClose();
    });
  };

  const changeOption = (next: OptionDraft) =>
    setDraft((d) => ({
      ...d,
      options: d.options.map((option) => (option.key === next.key ? next : option)),
    }));

  return (
    <RecordFormDialog
      ns="files"
      {...dialog}
      onSubmit={submit}
      scrollBehavior="inside"
      testId="file-list-form"
    >
      <TextField
        label={t('name')}
        required
        error={errors.name}
        value={draft.name}
        onChange={(name) => setDraft((d) => ({ ...d, name }))}
      />
      <TextField
        label={t('message')}
        required
        error={errors.message}
        rows={4}
        value={draft.message}
        onChange={(message) => setDraft((d) => ({ ...d, message }))}
      />
      <Text fontWeight="medium">{t('options')}</Text>
      {draft.options.map((option) => (
        <OptionRow
          key={option.key}
          option={option}
          error={errors.options[option.key]}
          onChange={changeOption}
          onRemove={() =>
            setDraft((d) => ({
              ...d,
              options: d.options.filter((o) => o.key !== option.key),
            }))
          }
        />
      ))}
      <Button
        variant="outline"
        alignSelf="start"
        onClick={() =>
          setDraft((d) => ({
            ...d,
            options: [...d.options, { key: nextKey++, name: '', storedName: null, file: null }],
          }))
        }
      >
        <LuPlus /> {t('addOption')}
      </Button>
    </RecordFormDialog>
  );
};
