import { Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { connectionsApi } from './connections.api.js';

/** The users modal's default connection: where that user's new conversations start from. */
export const UserConnectionField = ({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
}) => {
  const { t } = useTranslation('connections');
  const { data: connections = [] } = connectionsApi.endpoints.listConnections.useQuery();
  return (
    <Field.Root mt="3">
      <Field.Label>{t('defaultConnection')}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          aria-label={t('defaultConnection')}
          value={value === null ? '' : String(value)}
          onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">{t('noConnection')}</option>
          {connections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
};
