import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import type { CustomTypeOptions } from 'i18next';
import { useTranslation } from 'react-i18next';

type Areas = CustomTypeOptions['resources'];
/** The locale areas with the dialog's `cancel` and `save` texts (and `close`, for `labelledClose`). */
type DialogArea = {
  [Area in keyof Areas]: Areas[Area] extends { cancel: string; save: string; close?: string }
    ? Area
    : never;
}[keyof Areas];

/** The locale areas that also name a record dialog's `add` and `edit` titles. */
type RecordArea = {
  [Area in DialogArea]: Areas[Area] extends { add: string; edit: string; close: string }
    ? Area
    : never;
}[DialogArea];

/** Dialog.Content types no form attributes; spread, it still renders them on the form. */
const zodValidatedForm = { noValidate: true };

/**
 * The add/edit dialog of a settings page: a form with a title, the fields, cancel and save, and the
 * corner close button. The form validates itself (zod), so the browser's own checks are off. The
 * cancel, save and close texts come from the feature's namespace `ns`.
 */
type FormDialogProps = Parameters<typeof FormDialog>[0];

/**
 * The add/edit dialog of a list page's record: a FormDialog titled with the namespace's `add` or `edit`,
 * its close button labelled, mounted while open, the fields stacked.
 */
export const RecordFormDialog = ({
  ns,
  editing,
  title,
  size = 'lg',
  children,
  ...dialog
}: Omit<FormDialogProps, 'ns' | 'title' | 'labelledClose' | 'lazy'> & {
  ns: RecordArea;
  editing: boolean;
  /** the title when it is not the namespace's `add` or `edit` */
  title?: string;
}) => {
  const { t } = useTranslation(ns);
  return (
    <FormDialog
      {...dialog}
      ns={ns}
      title={title ?? (editing ? t('edit') : t('add'))}
      size={size}
      labelledClose
      lazy
    >
      <Stack gap="4">{children}</Stack>
    </FormDialog>
  );
};

export const FormDialog = ({
  ns,
  open = true,
  onClose,
  onSubmit,
  title,
  saving,
  submitDisabled,
  submitLabel,
  labelledClose,
  lazy,
  size,
  scrollBehavior,
  testId,
  footerStart,
  children,
}: {
  ns: DialogArea;
  /** left out when the caller mounts the dialog only while it is open */
  open?: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent) => Promise<void>;
  title: string;
  saving: boolean;
  /** the save button is off until the form is complete (e.g. the chat modal, spec 3 §5) */
  submitDisabled?: boolean;
  /** the save button's text when it is not the namespace's `save` */
  submitLabel?: string;
  /** the close button reads the namespace's `close` instead of Chakra's built-in label */
  labelledClose?: boolean;
  /** mount the form on open and drop it on close */
  lazy?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  scrollBehavior?: 'inside' | 'outside';
  testId?: string;
  /** a button before cancel, at the footer's start */
  footerStart?: ReactNode;
  children: ReactNode;
}) => {
  const { t } = useTranslation(ns);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      size={size}
      scrollBehavior={scrollBehavior}
      lazyMount={lazy}
      unmountOnExit={lazy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            as="form"
            {...zodValidatedForm}
            onSubmit={(event: FormEvent) => void onSubmit(event)}
            data-testid={testId}
          >
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              {footerStart}
              <Button variant="outline" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" colorPalette="brand" loading={saving} disabled={submitDisabled}>
                {submitLabel ?? t('save')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" {...(labelledClose ? { 'aria-label': t('close') } : {})} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
