import { Field, Input, Stack, Switch } from '@chakra-ui/react';
import type { TicketStatus } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { connectionsApi } from '../../connections/connections.api.js';
import { useListTagsQuery } from '../../tags/tags.api.js';
import { useGetUserPickerQuery } from '../../users/users.api.js';
import { ChipChoice } from './chip-choice.js';

/** What the search tab's filter panel chooses (spec 1 §2: tags, connections, statuses, users). */
export type SearchFilterValues = {
  tags: number[];
  whatsapps: number[];
  statusFilter: TicketStatus[];
  users: number[];
  date: string;
  withUnreadMessages: boolean;
};

export const EmptySearchFilters: SearchFilterValues = {
  tags: [],
  whatsapps: [],
  statusFilter: [],
  users: [],
  date: '',
  withUnreadMessages: false,
};

const FilterStatuses: TicketStatus[] = ['open', 'closed', 'pending', 'group'];

/** The expandable panel of the search tab; the users filter is for admins only. */
export const SearchFilters = ({
  value,
  isAdmin,
  onChange,
}: {
  value: SearchFilterValues;
  isAdmin: boolean;
  onChange: (next: SearchFilterValues) => void;
}) => {
  const { t } = useTranslation('tickets');
  const { data: tags = [] } = useListTagsQuery();
  const { data: connections = [] } = connectionsApi.endpoints.listConnections.useQuery();
  const { data: users = [] } = useGetUserPickerQuery(undefined, { skip: !isAdmin });
  const set = <K extends keyof SearchFilterValues>(key: K, next: SearchFilterValues[K]) =>
    onChange({ ...value, [key]: next });

  return (
    <Stack gap="2" px="2" py="2" borderBottomWidth="1px" data-testid="search-filters">
      <ChipChoice
        label={t('filters.tags')}
        options={tags}
        value={value.tags}
        onChange={(next) => set('tags', next)}
      />
      <ChipChoice
        label={t('filters.connections')}
        options={connections}
        value={value.whatsapps}
        onChange={(next) => set('whatsapps', next)}
      />
      <ChipChoice
        label={t('filters.statuses')}
        options={FilterStatuses.map((status) => ({ id: status, name: t(`status.${status}`) }))}
        value={value.statusFilter}
        onChange={(next) => set('statusFilter', next)}
      />
      {isAdmin && (
        <ChipChoice
          label={t('filters.users')}
          options={users}
          value={value.users}
          onChange={(next) => set('users', next)}
        />
      )}
      <Field.Root>
        <Field.Label fontSize="xs">{t('filters.date')}</Field.Label>
        <Input
          size="xs"
          type="date"
          aria-label={t('filters.date')}
          value={value.date}
          onChange={(event) => set('date', event.target.value)}
        />
      </Field.Root>
      <Switch.Root
        size="sm"
        checked={value.withUnreadMessages}
        onCheckedChange={(details) => set('withUnreadMessages', details.checked)}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t('filters.unread')}</Switch.Label>
      </Switch.Root>
    </Stack>
  );
};
