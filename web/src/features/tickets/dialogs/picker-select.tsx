import { Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { connectionsApi } from '../../connections/connections.api.js';

/** A labelled native select of id/name options; '' means none. */
export const PickerSelect = ({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number | null;
  options: { id: number; name: string }[];
  onChange: (id: number | null) => void;
}) => (
  <Field.Root>
    <Field.Label>{label}</Field.Label>
    <NativeSelect.Root>
      <NativeSelect.Field
        aria-label={label}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">—</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  </Field.Root>
);

/** The connection a ticket goes out by (new ticket, transfer): the company's connections, '' for none. */
export const ConnectionPicker = ({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) => {
  const { t } = useTranslation('tickets');
  const { data: connections = [] } = connectionsApi.endpoints.listConnections.useQuery();
  return (
    <PickerSelect
      label={t('transfer.connection')}
      value={value}
      options={connections}
      onChange={onChange}
    />
  );
};
