import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextField } from '../../components/form-fields.js';
import { submitDelay } from '../../components/submit-delay.js';
import { notify, toastError } from '../../components/toaster.js';
import { fieldErrorsOf, messageKey } from './list-sheet.js';

export type FormField = { name: string; label: string; type?: string };

/**
 * The add/edit dialog of a list or a list's contact: text fields checked by the contract's schema (the
 * messages of spec 3 §5, translated), then saved; the API's field errors show the same way.
 */
export const FormDialog = <S extends z.ZodType>({
  open,
  title,
  fields,
  initial,
  schema,
  extra,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  fields: FormField[];
  initial: Record<string, string>;
  schema: S;
  /** values the form does not show (the list id of a contact) */
  extra?: Record<string, unknown>;
  onSave: (values: z.output<S>) => Promise<unknown>;
  onClose: () => void;
}) => {
  const { t } = useTranslation('contactLists');
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues(initial);
    setErrors({});
    // reset when the dialog opens (not when the parent re-renders)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the record is read at opening only
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse({ ...values, ...extra });
    if (!parsed.success) {
      const failing: Record<string, string> = {};
      for (const issue of parsed.error.issues) failing[String(issue.path[0])] ??= issue.message;
      setErrors(failing);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await submitDelay();
      await onSave(parsed.data);
      notify.success(t('saved'));
      onClose();
    } catch (error) {
      const failing = fieldErrorsOf(error);
      if (Object.keys(failing).length > 0) setErrors(failing);
      else toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={(e) => void submit(e)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  {fields.map((field) => (
                    <TextField
                      key={field.name}
                      label={field.label}
                      error={errors[field.name] && t(`messages.${messageKey(errors[field.name]!)}`)}
                      name={field.name}
                      input={{ type: field.type ?? 'text' }}
                      value={values[field.name] ?? ''}
                      onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
                    />
                  ))}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('cancel')}
                </Button>
                <Button type="submit" loading={saving}>
                  {t('save')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
