import { Badge, Table } from '@chakra-ui/react';
import type { InvoiceStatus } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { TableEmptyRow } from '../../components/table-empty-row.js';
import { formatDate } from '../auth/due-date.js';
import { useGetInvoicesQuery } from '../companies/companies.api.js';

const statusPalette: Record<InvoiceStatus, string> = {
  open: 'yellow',
  paid: 'green',
  cancelled: 'gray',
};

/** The company's invoices (admins; reachable while the company is expired). */
export const InvoicesTable = () => {
  const { t } = useTranslation('subscription');
  const { data: invoices = [], isLoading } = useGetInvoicesQuery();
  return (
    <Table.Root size="sm">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('detail')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('amount')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('dueDate')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('status')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {!isLoading && invoices.length === 0 && (
          <TableEmptyRow columns={4} text={t('noInvoices')} />
        )}
        {invoices.map((invoice) => (
          <Table.Row key={invoice.id}>
            <Table.Cell>{invoice.detail}</Table.Cell>
            <Table.Cell textAlign="end">{invoice.value}</Table.Cell>
            <Table.Cell>{formatDate(invoice.dueDate)}</Table.Cell>
            <Table.Cell>
              <Badge colorPalette={statusPalette[invoice.status]}>
                {t(`statuses.${invoice.status}`)}
              </Badge>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
};
