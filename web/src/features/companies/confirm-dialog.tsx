import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Asks before a delete; the companies and plans lists share it. */
export const ConfirmDialog = ({
  title,
  open,
  onConfirm,
  onClose,
}: {
  title: string;
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation('companies');
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      role="alertdialog"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button colorPalette="red" onClick={onConfirm}>
                {t('confirmDelete')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
