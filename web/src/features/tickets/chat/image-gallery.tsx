import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../app/runtime-config.js';
import { TicketDialog } from '../dialogs/ticket-dialog.js';
import { useListTicketImagesQuery } from '../tickets.api.js';

/** Where the gallery opens: the clicked image among the conversation's, else the first one. */
export const startIndex = (images: { id: string }[], messageId: string): number =>
  Math.max(
    0,
    images.findIndex((image) => image.id === messageId),
  );

/**
 * The images of the ticket's conversation (GET /messages/listimages), opened on the one clicked, with
 * previous and next.
 */
export const ImageGallery = ({
  ticketId,
  messageId,
  onClose,
}: {
  ticketId: number;
  messageId: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation('tickets');
  const { data, isLoading } = useListTicketImagesQuery(ticketId);
  const images = data?.images ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const index = Math.min(chosen ?? startIndex(images, messageId), Math.max(images.length - 1, 0));
  const image = images[index];
  const go = (step: number) => {
    const next = index + step;
    if (next >= 0 && next < images.length) setChosen(next);
  };
  return (
    <TicketDialog
      title={t('gallery.title')}
      onClose={onClose}
      footer={
        <HStack w="full" justify="space-between">
          <Button variant="outline" size="sm" disabled={index <= 0} onClick={() => go(-1)}>
            {t('gallery.previous')}
          </Button>
          <Text fontSize="sm" color="fg.muted" data-testid="gallery-position">
            {images.length > 0 ? t('gallery.position', { n: index + 1, total: images.length }) : ''}
          </Text>
          <Button
            variant="outline"
            size="sm"
            disabled={index >= images.length - 1}
            onClick={() => go(1)}
          >
            {t('gallery.next')}
          </Button>
        </HStack>
      }
    >
      <Stack align="center" minH="200px" justify="center">
        {isLoading && <Spinner />}
        {!isLoading && !image && <Text>{t('gallery.empty')}</Text>}
        {image && (
          <img
            src={mediaUrl(image.mediaUrl)}
            alt={image.mediaName ?? t('gallery.image')}
            style={{ maxWidth: '100%', maxHeight: '60vh', objectFit: 'contain' }}
          />
        )}
      </Stack>
    </TicketDialog>
  );
};
