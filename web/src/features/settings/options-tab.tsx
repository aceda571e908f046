import type { CustomTypeOptions } from 'i18next';
import { Field, Input, NativeSelect, SimpleGrid, Skeleton } from '@chakra-ui/react';
import { SettingDefinitions, type SettingEntry } from '@sb/contracts';
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
        const values: readonly SettingValue[] | 'text' = SettingDefinitions[entry.key].values;
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
