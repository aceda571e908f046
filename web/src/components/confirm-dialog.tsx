import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks before a delete: a title naming what goes, an optional warning, cancel and delete. */
export const ConfirmDialog = ({
  open,
  title,
  children,
  busy,
  confirmLabel,
  destructive = !confirmLabel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  busy?: boolean;
  /** the confirm button's text when it is not a delete (an import) */
  confirmLabel?: string;
  /** a red confirm button (by default only a delete's, which has no confirmLabel) */
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation('common');
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      role="alertdialog"
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children && <Dialog.Body>{children}</Dialog.Body>}
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button
                {...(destructive ? { colorPalette: 'red' } : {})}
                loading={busy}
                onClick={onConfirm}
              >
                {confirmLabel ?? t('delete')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};

/**
 * The delete question of a list page's `useDeleteConfirm` (`confirm`): the title names the record,
 * the warning says what deleting it does.
 */
export const DeleteConfirmDialog = ({
  confirm,
  title,
  warning,
}: {
  confirm: { dialog: { open: boolean; busy: boolean; onConfirm: () => void; onClose: () => void } };
  title: string;
  warning: string;
}) => (
  <ConfirmDialog {...confirm.dialog} title={title}>
    {warning}
  </ConfirmDialog>
);
