import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Asks before deleting a user: their tickets go back to the queue. */
export const ConfirmDeleteDialog = ({
  name,
  onConfirm,
  onClose,
}: {
  name: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation('users');
  return (
    <Dialog.Root
      open={name !== null}
      onOpenChange={(e) => !e.open && onClose()}
      role="alertdialog"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('confirmDeleteTitle', { name })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('confirmDeleteText')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button colorPalette="red" onClick={onConfirm}>
                {t('delete')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
