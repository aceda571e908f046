import { Button, CloseButton, Dialog, Field, HStack, Input, Portal, Stack } from '@chakra-ui/react';
import { TagInput, type TagRecord } from '@sb/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { submitDelay } from '../../components/submit-delay.js';
import { notify, toastError } from '../../components/toaster.js';
import { randomTagColor } from './tag-colors.js';
import { useCreateTagMutation, useUpdateTagMutation } from './tags.api.js';

const zodValidatedForm = { noValidate: true };

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
  const [saving, setSaving] = useState(false);

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
    setSaving(true);
    await submitDelay();
    try {
      if (tag) await update({ ...parsed.data, id: tag.id }).unwrap();
      else await create(parsed.data).unwrap();
      notify.success(t('saved'));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            as="form"
            {...zodValidatedForm}
            onSubmit={(e: FormEvent) => void submit(e)}
            data-testid="tag-modal"
          >
            <Dialog.Header>
              <Dialog.Title>{tag ? t('editTitle') : t('addTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Field.Root invalid={!!errors.name} required>
                  <Field.Label>{t('fields.name')}</Field.Label>
                  <Input
                    aria-label={t('fields.name')}
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                  />
                  <Field.ErrorText>{errors.name}</Field.ErrorText>
                </Field.Root>
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
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" colorPalette="brand" loading={saving}>
                {t('save')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
