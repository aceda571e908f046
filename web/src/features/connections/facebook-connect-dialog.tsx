import { Button, Checkbox, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form-fields.js';
import { notify, toastError } from '../../components/toaster.js';
import { useConnectFacebookMutation } from './connections.api.js';

/**
 * New Facebook / Instagram connections (POST /facebook). The Facebook JS SDK's login button cannot be
 * loaded here, so the admin pastes the user id and user access token the Facebook login (or the Graph
 * API Explorer) gives; the server exchanges it and creates one connection per page.
 */
export const FacebookConnectDialog = ({
  kind,
  onClose,
}: {
  kind: 'facebook' | 'instagram' | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('connections');
  const [userId, setUserId] = useState('');
  const [token, setToken] = useState('');
  const [missing, setMissing] = useState(false);
  const [connect, connecting] = useConnectFacebookMutation();

  useEffect(() => {
    if (kind === null) return;
    setUserId('');
    setToken('');
    setMissing(false);
  }, [kind]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!userId.trim() || !token.trim()) {
      setMissing(true);
      return;
    }
    try {
      const reply = await connect({
        facebookUserId: userId.trim(),
        facebookUserToken: token.trim(),
        addInstagram: kind === 'instagram',
      }).unwrap();
      notify.success(t('facebook.connected', { count: reply.connections.length }));
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Dialog.Root open={kind !== null} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="facebook-connect-dialog">
            <form onSubmit={(e) => void submit(e)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{kind ? t(`add.${kind}`) : ''}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Text fontSize="sm" color="fg.muted">
                    {t('facebook.help')}
                  </Text>
                  <TextField
                    label={t('facebook.userId')}
                    required
                    error={missing && !userId.trim() ? t('required') : null}
                    value={userId}
                    onChange={setUserId}
                  />
                  <TextField
                    label={t('facebook.userToken')}
                    required
                    error={missing && !token.trim() ? t('required') : null}
                    input={{ type: 'password', autoComplete: 'off' }}
                    value={token}
                    onChange={setToken}
                  />
                  {kind === 'instagram' && (
                    <Checkbox.Root checked disabled>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{t('facebook.addInstagram')}</Checkbox.Label>
                    </Checkbox.Root>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={connecting.isLoading}>
                  {t('facebook.connect')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
