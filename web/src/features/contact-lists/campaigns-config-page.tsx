import { Button, Field, HStack, IconButton, Input, NativeSelect, Stack } from '@chakra-ui/react';
import {
  CampaignSettingsValues,
  GreaterIntervalChoices,
  LongerIntervalAfterChoices,
  MessageIntervalChoices,
  ReplyWindowHoursMax,
  type CampaignVariable,
} from '@sb/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { PageTitle } from '../../components/page-title.js';
import { OptOutsSection } from '../campaigns/opt-outs-section.js';
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

/** The opt-out words as the field shows them, and back: comma-separated, empty parts dropped. */
const wordsText = (words: string[]) => words.join(', ');
const textWords = (text: string) =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');

/**
 * /campaigns-config (spec 3 §2.3): the pacing of the company's campaigns (seconds between messages, the
 * longer pause and after how many messages it comes), the variables offered by the campaign dialog, the
 * opt-out words and the reply window (issue 17). Saved as a whole. Below it, the opted-out numbers.
 */
export const CampaignsConfigPage = () => {
  const { t } = useTranslation('contactLists');
  const { data } = useGetCampaignSettingsQuery();
  const [save] = useSaveCampaignSettingsMutation();
  const [values, setValues] = useState<CampaignSettingsValues | null>(null);
  const [saving, setSaving] = useState(false);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  // typed as text (a comma or an empty box must be allowed while typing), read on submit
  const [optOutText, setOptOutText] = useState('');
  const [windowText, setWindowText] = useState('');

  useEffect(() => {
    if (!data) return;
    setValues(data);
    setOptOutText(wordsText(data.optOutWords));
    setWindowText(String(data.replyWindowHours));
  }, [data]);

  if (!values) return <PageTitle titleKey="campaignsConfig">{null}</PageTitle>;

  const setVariable = (index: number, change: Partial<CampaignVariable>) =>
    setValues({
      ...values,
      variables: values.variables.map((v, i) => (i === index ? { ...v, ...change } : v)),
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CampaignSettingsValues.safeParse({
      ...values,
      optOutWords: textWords(optOutText),
      // an empty box is not the default: it is a value to correct
      replyWindowHours: windowText.trim() === '' ? Number.NaN : Number(windowText),
    });
    setInvalid(new Set(parsed.error?.issues.map((issue) => String(issue.path[0])) ?? []));
    if (!parsed.success) return;
    setSaving(true);
    try {
      await submitDelay();
      const saved = await save(parsed.data).unwrap();
      setValues(saved);
      setOptOutText(wordsText(saved.optOutWords));
      setWindowText(String(saved.replyWindowHours));
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
            {invalid.has('variables') && (
              <Field.Root invalid>
                <Field.ErrorText>{t('settings.invalidVariables')}</Field.ErrorText>
              </Field.Root>
            )}
          </Stack>
          <Field.Root invalid={invalid.has('optOutWords')}>
            <Field.Label>{t('settings.optOutWords')}</Field.Label>
            <Input
              name="optOutWords"
              value={optOutText}
              onChange={(e) => setOptOutText(e.target.value)}
            />
            <Field.HelperText>{t('settings.optOutWordsHelp')}</Field.HelperText>
            <Field.ErrorText>{t('settings.invalidOptOutWords')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={invalid.has('replyWindowHours')} maxW="xs">
            <Field.Label>{t('settings.replyWindowHours')}</Field.Label>
            <Input
              name="replyWindowHours"
              type="number"
              min={1}
              max={ReplyWindowHoursMax}
              value={windowText}
              onChange={(e) => setWindowText(e.target.value)}
            />
            <Field.HelperText>{t('settings.replyWindowHelp')}</Field.HelperText>
            <Field.ErrorText>
              {t('settings.invalidReplyWindow', { max: ReplyWindowHoursMax })}
            </Field.ErrorText>
          </Field.Root>
          <Button type="submit" alignSelf="start" loading={saving}>
            {t('save')}
          </Button>
        </Stack>
      </form>
      <OptOutsSection />
    </PageTitle>
  );
};
