import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The product's summary of its terms or privacy policy (loaded on first open: the login stays light). */
export const LegalTextDialog = ({
  title,
  text,
  onClose,
  finalFocus,
}: {
  title: string;
  text: string;
  onClose: () => void;
  finalFocus: () => HTMLElement | null;
}) => {
  const { t } = useTranslation('auth');
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      finalFocusEl={finalFocus}
      size="md"
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted" lineHeight="tall">
                {text}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button colorPalette="brand">{t('close')}</Button>
              </Dialog.ActionTrigger>
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
