import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.js';
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
    <FormDialog
      ns="connections"
      open={kind !== null}
      onClose={onClose}
      onSubmit={submit}
      title={kind ? t(`add.${kind}`) : ''}
      saving={connecting.isLoading}
      submitLabel={t('facebook.connect')}
      labelledClose
      testId="facebook-connect-dialog"
    >
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
    </FormDialog>
  );
};
