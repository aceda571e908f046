import { Button, CloseButton, Dialog, Link, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

type LegalKind = 'terms' | 'privacy';

const configuredUrl = (kind: LegalKind): string | undefined =>
  kind === 'terms' ? window.__SWITCHBOARD__?.termsUrl : window.__SWITCHBOARD__?.privacyUrl;

/**
 * Link to the terms of use or the privacy policy: the operator's own page when config.js names one,
 * else the product's summary in a dialog.
 */
export const LegalLink = ({ kind }: { kind: LegalKind }) => {
  const { t } = useTranslation('auth');
  const label = t(kind === 'terms' ? 'terms' : 'privacy');
  const url = configuredUrl(kind);
  if (url) {
    return (
      <Link href={url} target="_blank" rel="noopener noreferrer" color="fg.muted">
        {label}
      </Link>
    );
  }
  return (
    <Dialog.Root size="md" placement="center" scrollBehavior="inside">
      <Dialog.Trigger asChild>
        <Link as="button" color="fg.muted" cursor="pointer">
          {label}
        </Link>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{label}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted" lineHeight="tall">
                {t(kind === 'terms' ? 'termsText' : 'privacyText')}
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
