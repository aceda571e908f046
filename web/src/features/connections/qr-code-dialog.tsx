import { CloseButton, Dialog, Image, Portal, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { renderSVG } from 'uqr';

/** The pairing QR of a WhatsApp session, drawn from the `qrcode` text the session reports. */
export const QrCodeDialog = ({
  qrcode,
  onClose,
}: {
  qrcode: string | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('connections');
  const image = useMemo(
    () => (qrcode ? `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(qrcode))}` : null),
    [qrcode],
  );
  return (
    <Dialog.Root open={qrcode !== null} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="qr-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('qrTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3">{t('qrHelp')}</Text>
              {image && <Image src={image} alt={t('qrTitle')} w="64" h="64" mx="auto" bg="white" />}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
