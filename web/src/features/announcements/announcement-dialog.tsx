import { Button, Dialog, Image, Text } from '@chakra-ui/react';
import type { Announcement } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { ViewDialog } from '../../components/view-dialog.js';
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
    <ViewDialog
      open={record !== null}
      onClose={onClose}
      title={record?.title}
      closeLabel={t('close')}
      testId="announcement-dialog"
      scrollBehavior="inside"
      footer={
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">{t('close')}</Button>
        </Dialog.ActionTrigger>
      }
    >
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
    </ViewDialog>
  );
};
