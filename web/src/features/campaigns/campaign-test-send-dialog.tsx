import { Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { CampaignRecord } from '@sb/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.js';
import { TextField } from '../../components/form-fields.js';
import { notify, toastError } from '../../components/toaster.js';
import { useListConnectionRecordsQuery } from '../connections/connections.api.js';
import { useTestSendCampaignMutation } from './campaigns.api.js';

/** At least 8 digits, as the server asks (spaces, dashes, brackets and + allowed around them). */
const looksLikeNumber = (text: string) =>
  /^[\d\s()+.-]+$/.test(text) && text.replace(/\D/g, '').length >= 8;

/**
 * Tries a campaign on one number before it starts (issue 17): its first variants, filled for that
 * number's contact in the list, and its media, sent now through one of its connections.
 */
export const CampaignTestSendDialog = ({
  campaign,
  onClose,
}: {
  campaign: CampaignRecord;
  onClose: () => void;
}) => {
  const { t } = useTranslation('campaigns');
  const [number, setNumber] = useState('');
  const ids = campaign.whatsappId ? campaign.whatsappId.split(',').map(Number) : [];
  const [whatsappId, setWhatsappId] = useState<number | null>(ids[0] ?? null);
  const [error, setError] = useState<string | null>(null);
  const [testSend, sending] = useTestSendCampaignMutation();
  const connections = useListConnectionRecordsQuery().data ?? [];
  const nameOf = (id: number) => connections.find((c) => c.id === id)?.name ?? `#${id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!looksLikeNumber(number)) {
      setError(t('testSend.invalidNumber'));
      return;
    }
    try {
      const { sent } = await testSend({ id: campaign.id, number, whatsappId }).unwrap();
      notify.success(t('testSend.sent', { count: sent }));
      onClose();
    } catch (failure) {
      toastError(failure);
    }
  };

  return (
    <FormDialog
      ns="campaigns"
      onClose={onClose}
      onSubmit={submit}
      title={t('testSend.title', { name: campaign.name })}
      submitLabel={t('testSend.send')}
      saving={sending.isLoading}
      testId="campaign-test-send"
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t('testSend.help')}
        </Text>
        <TextField
          label={t('testSend.number')}
          required
          error={error}
          input={{
            type: 'tel',
            inputMode: 'tel',
            autoComplete: 'off',
            placeholder: '5511999999999',
          }}
          value={number}
          onChange={(typed) => {
            setNumber(typed);
            setError(null);
          }}
        />
        {ids.length > 1 && (
          <Field.Root>
            <Field.Label>{t('testSend.connection')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={String(whatsappId)}
                onChange={(e) => setWhatsappId(Number(e.target.value))}
              >
                {ids.map((id) => (
                  <option key={id} value={id}>
                    {nameOf(id)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
      </Stack>
    </FormDialog>
  );
};
