import { Button, CloseButton, Dialog, Image, Portal, Text } from '@chakra-ui/react';
import type { Announcement } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { announcementImageUrl } from './announcements.api.js';

/** An announcement opened from the popover: title, optional image, text and a close button. */
export const AnnouncementDialog = ({
  record,
  onClose,
}: {
  record: Announcement | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('announcements');
  const image = record ? announcementImageUrl(record) : null;
  return (
    <Dialog.Root
      open={record !== null}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="announcement-dialog">
            <Dialog.Header>
              <Dialog.Title>{record?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {image && (
                <Image
                  src={image}
                  alt={record?.mediaName ?? ''}
                  maxH="72"
                  mx="auto"
                  mb="3"
                  objectFit="contain"
                  rounded="md"
                />
              )}
              <Text whiteSpace="pre-wrap">{record?.text}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('close')}</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
