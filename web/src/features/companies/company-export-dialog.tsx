import { Text } from '@chakra-ui/react';
import type { CompanyView } from '@sb/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.js';
import { TextField } from '../../components/form-fields.js';
import { notify } from '../../components/toaster.js';
import { useExportCompanyMutation } from './companies.api.js';

/** The shortest key a bundle takes (CompanyExportRequest). */
const MinKeyLength = 12;

/**
 * Exports a company into one encrypted bundle: super chooses the key (typed twice, never stored in
 * clear); the export runs on and is followed, and its bundle downloaded, in Settings → Operations.
 */
export const CompanyExportDialog = ({
  company,
  onClose,
}: {
  company: CompanyView;
  onClose: () => void;
}) => {
  const { t } = useTranslation('companies');
  const [exportCompany, { isLoading }] = useExportCompanyMutation();
  const [key, setKey] = useState('');
  const [again, setAgain] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const tooShort = key.length < MinKeyLength;
  const differs = key !== again;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (tooShort || differs) return;
    try {
      const operation = await exportCompany({ id: company.id, key }).unwrap();
      if (operation.status === 'failed') {
        notify.error(t('exportError'), { description: operation.error ?? undefined });
      } else {
        notify.info(t('exporting'));
        onClose();
      }
    } catch {
      notify.error(t('exportError'));
    }
  };

  return (
    <FormDialog
      ns="companies"
      title={t('exportTitle', { name: company.name })}
      onClose={onClose}
      onSubmit={submit}
      saving={isLoading}
      submitLabel={t('exportStart')}
      labelledClose
      lazy
    >
      <Text mb="4" color="fg.muted">
        {t('exportHint')}
      </Text>
      <TextField
        label={t('exportKey')}
        value={key}
        onChange={setKey}
        required
        input={{ type: 'password', autoComplete: 'new-password' }}
        helper={t('exportKeyHelper', { min: MinKeyLength })}
        error={submitted && tooShort ? t('exportKeyShort', { min: MinKeyLength }) : null}
      />
      <TextField
        label={t('exportKeyAgain')}
        value={again}
        onChange={setAgain}
        required
        input={{ type: 'password', autoComplete: 'new-password' }}
        error={submitted && !tooShort && differs ? t('exportKeyDiffers') : null}
        layout={{ mt: '4' }}
      />
    </FormDialog>
  );
};
