import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/form-fields.js';
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
    <SelectField
      label={t('defaultConnection')}
      namedControl
      layout={{ mt: '3' }}
      placeholder={t('noConnection')}
      options={connections.map((c) => [c.id, c.name] as const)}
      value={value === null ? '' : String(value)}
      onChange={(id) => onChange(id ? Number(id) : null)}
    />
  );
};
