import type { CustomTypeOptions } from 'i18next';
import { Field, Input, NativeSelect, SimpleGrid, Skeleton } from '@chakra-ui/react';
import {
  RetentionDays,
  SettingDefinitions,
  settingValueSchema,
  type SettingEntry,
} from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify, toastError } from '../../components/toaster.js';
import { useGetSettingsQuery, useUpdateSettingMutation } from './settings.api.js';

/** The choices of the settings, each with its text under `values`. */
type SettingValue = keyof CustomTypeOptions['resources']['settings']['values'];

const TextSetting = ({
  entry,
  onSave,
}: {
  entry: SettingEntry;
  onSave: (value: string) => void;
}) => {
  const { t } = useTranslation('settings');
  const [value, setValue] = useState(entry.value);
  return (
    <Input
      aria-label={t(`keys.${entry.key}`)}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => value !== entry.value && onSave(value)}
    />
  );
};

/**
 * A retention period in days: empty or 0 keeps everything; a value out of range is said under the
 * field and not sent.
 */
const DaysSetting = ({
  entry,
  onSave,
}: {
  entry: SettingEntry;
  onSave: (value: string) => void;
}) => {
  const { t } = useTranslation('settings');
  const [value, setValue] = useState(entry.value);
  const valid = settingValueSchema(entry.key).safeParse(value.trim()).success;
  const range = { min: RetentionDays.min, max: RetentionDays.max };
  return (
    <Field.Root invalid={!valid}>
      <Field.Label>{t(`keys.${entry.key}`)}</Field.Label>
      <Input
        aria-label={t(`keys.${entry.key}`)}
        type="number"
        inputMode="numeric"
        min={0}
        max={RetentionDays.max}
        placeholder={t('retentionOff')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => valid && value.trim() !== entry.value && onSave(value.trim())}
      />
      {valid ? (
        <Field.HelperText>{t('retentionHelp', range)}</Field.HelperText>
      ) : (
        <Field.ErrorText>{t('retentionInvalid', range)}</Field.ErrorText>
      )}
    </Field.Root>
  );
};

/** Every setting the caller may see (userCreation only for the super user), saved on change. */
export const OptionsTab = () => {
  const { t } = useTranslation('settings');
  const { data: settings, isLoading } = useGetSettingsQuery();
  const [update] = useUpdateSettingMutation();

  const save = async (key: string, value: string) => {
    try {
      await update({ key, value }).unwrap();
      notify.success(t('saved'));
    } catch (err) {
      toastError(err);
    }
  };

  if (isLoading) return <Skeleton height="40" />;
  return (
    <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
      {(settings ?? []).map((entry) => {
        const values: readonly SettingValue[] | 'text' | 'days' =
          SettingDefinitions[entry.key].values;
        if (values === 'days') {
          return (
            <DaysSetting
              key={entry.key}
              entry={entry}
              onSave={(value) => void save(entry.key, value)}
            />
          );
        }
        return (
          <Field.Root key={entry.key}>
            <Field.Label>{t(`keys.${entry.key}`)}</Field.Label>
            {values === 'text' ? (
              <TextSetting entry={entry} onSave={(value) => void save(entry.key, value)} />
            ) : (
              <NativeSelect.Root>
                <NativeSelect.Field
                  aria-label={t(`keys.${entry.key}`)}
                  value={entry.value}
                  onChange={(e) => void save(entry.key, e.target.value)}
                >
                  {values.map((value) => (
                    <option key={value} value={value}>
                      {t(`values.${value}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </Field.Root>
        );
      })}
    </SimpleGrid>
  );
};
