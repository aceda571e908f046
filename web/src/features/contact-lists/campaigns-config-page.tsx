import { Button, Field, HStack, IconButton, Input, NativeSelect, Stack } from '@chakra-ui/react';
import {
  CampaignSettingsValues,
  GreaterIntervalChoices,
  LongerIntervalAfterChoices,
  MessageIntervalChoices,
  type CampaignVariable,
} from '@sb/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { PageTitle } from '../../components/page-title.js';
import { submitDelay } from '../../components/submit-delay.js';
import { notify, toastError } from '../../components/toaster.js';
import {
  useGetCampaignSettingsQuery,
  useSaveCampaignSettingsMutation,
} from './contact-lists.api.js';

type Interval = 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval';
const Intervals: [Interval, readonly number[]][] = [
  ['messageInterval', MessageIntervalChoices],
  ['longerIntervalAfter', LongerIntervalAfterChoices],
  ['greaterInterval', GreaterIntervalChoices],
];

/**
 * /campaigns-config (spec 3 §2.3): the pacing of the company's campaigns (seconds between messages, the
 * longer pause and after how many messages it comes) and the variables offered by the campaign dialog.
 * Saved as a whole.
 */
export const CampaignsConfigPage = () => {
  const { t } = useTranslation('contactLists');
  const { data } = useGetCampaignSettingsQuery();
  const [save] = useSaveCampaignSettingsMutation();
  const [values, setValues] = useState<CampaignSettingsValues | null>(null);
  const [saving, setSaving] = useState(false);
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    if (data) setValues(data);
  }, [data]);

  if (!values) return <PageTitle titleKey="campaignsConfig">{null}</PageTitle>;

  const setVariable = (index: number, change: Partial<CampaignVariable>) =>
    setValues({
      ...values,
      variables: values.variables.map((v, i) => (i === index ? { ...v, ...change } : v)),
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CampaignSettingsValues.safeParse(values);
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    setSaving(true);
    try {
      await submitDelay();
      setValues(await save(parsed.data).unwrap());
      notify.success(t('settingsSaved'));
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageTitle titleKey="campaignsConfig">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="4" maxW="2xl">
          <HStack gap="4" wrap="wrap" align="end">
            {Intervals.map(([key, choices]) => (
              <Field.Root key={key} w="auto" minW="48">
                <Field.Label>{t(`settings.${key}`)}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    name={key}
                    value={String(values[key])}
                    onChange={(e) => setValues({ ...values, [key]: Number(e.target.value) })}
                  >
                    {choices.map((n) => (
                      <option key={n} value={n}>
                        {key === 'longerIntervalAfter'
                          ? t('settings.messages', { count: n })
                          : t('settings.seconds', { count: n })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            ))}
          </HStack>
          <Stack gap="2">
            {values.variables.map((variable, index) => (
              <HStack key={index} data-testid="campaign-variable">
                <Input
                  aria-label={t('settings.key')}
                  placeholder={t('settings.key')}
                  value={variable.key}
                  onChange={(e) => setVariable(index, { key: e.target.value })}
                />
                <Input
                  aria-label={t('settings.value')}
                  placeholder={t('settings.value')}
                  value={variable.value}
                  onChange={(e) => setVariable(index, { value: e.target.value })}
                />
                <IconButton
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('settings.removeVariable')}
                  onClick={() =>
                    setValues({
                      ...values,
                      variables: values.variables.filter((_, i) => i !== index),
                    })
                  }
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
            ))}
            <Button
              alignSelf="start"
              size="sm"
              variant="outline"
              onClick={() =>
                setValues({ ...values, variables: [...values.variables, { key: '', value: '' }] })
              }
            >
              <LuPlus /> {t('settings.addVariable')}
            </Button>
            {invalid && (
              <Field.Root invalid>
                <Field.ErrorText>{t('settings.invalidVariables')}</Field.ErrorText>
              </Field.Root>
            )}
          </Stack>
          <Button type="submit" alignSelf="start" loading={saving}>
            {t('save')}
          </Button>
        </Stack>
      </form>
    </PageTitle>
  );
};
