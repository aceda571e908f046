import { Image, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { renderSVG } from 'uqr';
import { ViewDialog } from '../../components/view-dialog.js';

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
    <ViewDialog
      open={qrcode !== null}
      onClose={onClose}
      title={t('qrTitle')}
      closeLabel={t('close')}
      testId="qr-dialog"
    >
      <Text mb="3">{t('qrHelp')}</Text>
      {image && <Image src={image} alt={t('qrTitle')} w="64" h="64" mx="auto" bg="white" />}
    </ViewDialog>
  );
};
