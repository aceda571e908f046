import {
  Badge,
  Box,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import {
  AuditActions,
  AuditEntities,
  type AuditAction,
  type AuditEntity,
  type AuditEntry,
} from '@sb/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks.js';
import { PageTitle } from '../../components/page-title.js';
import { ViewDialog } from '../../components/view-dialog.js';
import { TableEmptyRow } from '../../components/table-empty-row.js';
import { selectUser } from '../auth/session.slice.js';
import { useGetCompaniesQuery } from '../companies/companies.api.js';
import { useGetUserPickerQuery } from '../users/users.api.js';
import { auditDiff } from './audit-diff.js';
import { AuditLabelNamespaces, auditFieldLabel, auditSubject } from './audit-labels.js';
import { formatDateTime } from '../../lib/dates.js';
import { useGetAuditLogQuery } from './audit-log.api.js';

type Filters = {
  companyId?: number;
  from: string;
  to: string;
  actorUserId?: number;
  entity?: AuditEntity;
  action?: AuditAction;
};

/** A date input's day as the start or the end of that day in the browser's time zone. */
const dayBound = (day: string, end: boolean): string | undefined =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined;

const FilterSelect = ({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) => (
  <Field.Root maxW={{ base: 'full', md: '44' }}>
    <Field.Label>{label}</Field.Label>
    <NativeSelect.Root size="sm">
      <NativeSelect.Field
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  </Field.Root>
);

/**
 * /audit-log (issue 16): who changed what, when and from where, newest first, a page at a time, for the
 * company's admins; a super user picks the company. A row opens its before/after side by side.
 */
export const AuditLogPage = () => {
  const { t, i18n } = useTranslation([...AuditLabelNamespaces]);
  const viewer = useAppSelector(selectUser);
  const isSuper = !!viewer?.super;
  const [filters, setFilters] = useState<Filters>({ from: '', to: '' });
  const [pageNumber, setPageNumber] = useState(1);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const { data: companies } = useGetCompaniesQuery(
    { searchParam: '', pageNumber: 1 },
    { skip: !isSuper },
  );
  const { data: users = [] } = useGetUserPickerQuery();
  const { data, isFetching } = useGetAuditLogQuery({
    companyId: filters.companyId,
    from: dayBound(filters.from, false),
    to: dayBound(filters.to, true),
    actorUserId: filters.actorUserId,
    entity: filters.entity,
    action: filters.action,
    pageNumber,
  });
  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPageNumber(1);
  };
  const entries = data?.entries ?? [];

  return (
    <PageTitle titleKey="auditLog">
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" mb="4" flexWrap="wrap" align="end">
        {isSuper && (
          <FilterSelect
            label={t('company')}
            value={filters.companyId ? String(filters.companyId) : ''}
            onChange={(v) => change({ companyId: v ? Number(v) : undefined })}
          >
            <option value="">{t('ownCompany')}</option>
            {(companies?.companies ?? []).map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </FilterSelect>
        )}
        <Field.Root maxW={{ base: 'full', md: '44' }}>
          <Field.Label>{t('from')}</Field.Label>
          <Input
            size="sm"
            type="date"
            value={filters.from}
            onChange={(e) => change({ from: e.target.value })}
          />
        </Field.Root>
        <Field.Root maxW={{ base: 'full', md: '44' }}>
          <Field.Label>{t('to')}</Field.Label>
          <Input
            size="sm"
            type="date"
            value={filters.to}
            onChange={(e) => change({ to: e.target.value })}
          />
        </Field.Root>
        <FilterSelect
          label={t('actor')}
          value={filters.actorUserId ? String(filters.actorUserId) : ''}
          onChange={(v) => change({ actorUserId: v ? Number(v) : undefined })}
        >
          <option value="">{t('any')}</option>
          {users.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label={t('entity')}
          value={filters.entity ?? ''}
          onChange={(v) => change({ entity: (v || undefined) as AuditEntity | undefined })}
        >
          <option value="">{t('any')}</option>
          {AuditEntities.map((entity) => (
            <option key={entity} value={entity}>
              {t(`entities.${entity}`)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label={t('action')}
          value={filters.action ?? ''}
          onChange={(v) => change({ action: (v || undefined) as AuditAction | undefined })}
        >
          <option value="">{t('any')}</option>
          {AuditActions.map((action) => (
            <option key={action} value={action}>
              {t(`actions.${action}`)}
            </option>
          ))}
        </FilterSelect>
      </Stack>

      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('when')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('actor')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('action')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('entity')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('ip')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('details')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entries.length === 0 && !isFetching && <TableEmptyRow columns={6} text={t('empty')} />}
            {entries.map((entry) => (
              <Table.Row key={entry.id} data-testid="audit-row">
                <Table.Cell whiteSpace="nowrap">
                  {formatDateTime(entry.createdAt, i18n.language, true)}
                </Table.Cell>
                <Table.Cell>
                  {entry.actorName ?? `#${entry.actorUserId}`}{' '}
                  <Badge size="sm">{t(`profiles.${entry.actorProfile}`, entry.actorProfile)}</Badge>
                </Table.Cell>
                <Table.Cell>{t(`actions.${entry.action}`)}</Table.Cell>
                <Table.Cell>{auditSubject(i18n, entry.entity, entry.entityId)}</Table.Cell>
                <Table.Cell>{entry.ip ?? ''}</Table.Cell>
                <Table.Cell textAlign="end">
                  <Button size="xs" variant="outline" onClick={() => setOpen(entry)}>
                    {t('showChanges')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>

      <HStack mt="3" justify="space-between">
        <Text fontSize="sm" color="fg.muted">
          {t('count', { count: data?.count ?? 0 })}
        </Text>
        <HStack>
          <Button
            size="sm"
            variant="outline"
            disabled={pageNumber <= 1}
            onClick={() => setPageNumber((p) => p - 1)}
          >
            {t('previous')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={!data?.hasMore}
            onClick={() => setPageNumber((p) => p + 1)}
          >
            {t('next')}
          </Button>
        </HStack>
      </HStack>

      <ViewDialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open && `${t(`actions.${open.action}`)} · ${t(`entities.${open.entity}`)}`}
        closeLabel={t('close')}
        size={{ base: 'full', md: 'lg' }}
      >
        {open && (
          <Stack gap="2">
            <Text fontSize="sm" color="fg.muted">
              {open.userAgent ?? ''}
            </Text>
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('field')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('before')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('after')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {auditDiff(open.before, open.after).map((line) => (
                    <Table.Row key={line.field} data-testid="audit-diff-line">
                      <Table.Cell fontWeight={line.changed ? 'semibold' : 'normal'}>
                        {auditFieldLabel(i18n, open.entity, line.field)}
                      </Table.Cell>
                      <Table.Cell>
                        <Box
                          as="span"
                          color={line.changed ? 'fg.error' : undefined}
                          wordBreak="break-all"
                        >
                          {line.before}
                        </Box>
                      </Table.Cell>
                      <Table.Cell>
                        <Box
                          as="span"
                          color={line.changed ? 'fg.success' : undefined}
                          wordBreak="break-all"
                        >
                          {line.after}
                        </Box>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Stack>
        )}
      </ViewDialog>
    </PageTitle>
  );
};
