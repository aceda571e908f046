import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The resolve dialog: close normally (farewell sent) or close without the farewell message. */
export const CloseDialog = ({
  busy,
  onClose,
  onResolve,
}: {
  busy: boolean;
  onClose: () => void;
  onResolve: (withFarewell: boolean) => void;
}) => {
  const { t } = useTranslation('tickets');
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('close.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('close.question')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" loading={busy} onClick={() => onResolve(false)}>
                {t('close.withoutFarewell')}
              </Button>
              <Button loading={busy} onClick={() => onResolve(true)}>
                {t('close.withFarewell')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
