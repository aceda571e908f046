import { Field, HStack, Input, Stack } from '@chakra-ui/react';
import { TagInput, type TagRecord } from '@sb/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.js';
import { TextField } from '../../components/form-fields.js';
import { useFormSave } from '../../components/form-save.js';
import { notify } from '../../components/toaster.js';
import { randomTagColor } from './tag-colors.js';
import { useCreateTagMutation, useUpdateTagMutation } from './tags.api.js';

/** The tag dialog (spec 3 §2.9–2.10): name and colour; the kanban variant saves kanban 1. */
export const TagModal = ({
  tag,
  kanban,
  open,
  onClose,
}: {
  tag?: TagRecord;
  kanban: 0 | 1;
  open: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation('tags');
  const [create] = useCreateTagMutation();
  const [update] = useUpdateTagMutation();
  const [name, setName] = useState(tag?.name ?? '');
  const [color, setColor] = useState(() => tag?.color ?? randomTagColor());
  const [errors, setErrors] = useState<{ name?: string; color?: string }>({});
  const { saving, save } = useFormSave();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = TagInput.safeParse({ name, color, kanban: tag?.kanban ?? kanban });
    if (!parsed.success) {
      const found: { name?: string; color?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as 'name' | 'color';
        found[key] ??= t(`validation.${issue.message}`, { defaultValue: issue.message });
      }
      setErrors(found);
      return;
    }
    setErrors({});
    await save(async () => {
      if (tag) await update({ ...parsed.data, id: tag.id }).unwrap();
      else await create(parsed.data).unwrap();
      notify.success(t('saved'));
      onClose();
    });
  };

  return (
    <FormDialog
      ns="tags"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      title={tag ? t('editTitle') : t('addTitle')}
      saving={saving}
      testId="tag-modal"
    >
      <Stack gap="3">
        <TextField
          label={t('fields.name')}
          namedControl
          required
          error={errors.name}
          value={name}
          onChange={setName}
        />
        <Field.Root invalid={!!errors.color}>
          <Field.Label>{t('fields.color')}</Field.Label>
          <HStack>
            <Input
              type="color"
              w="16"
              p="1"
              aria-label={t('fields.colorPicker')}
              value={color}
              onChange={(e) => setColor(e.target.value)}
            />
            <Input
              aria-label={t('fields.color')}
              value={color}
              onChange={(e) => setColor(e.target.value)}
            />
          </HStack>
          <Field.ErrorText>{errors.color}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </FormDialog>
  );
};
