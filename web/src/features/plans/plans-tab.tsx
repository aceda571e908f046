import { Box, Button, HStack, Table } from '@chakra-ui/react';
import { PlanFlags, type PlanView } from '@sb/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/error-message.js';
import { notify } from '../../components/toaster.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PlanFormDialog } from './plan-form-dialog.js';
import { useDeletePlanMutation, useGetPlansQuery } from './plans.api.js';
import { TableEmptyRow } from '../../components/table-empty-row.js';
import { RowActions } from '../../components/row-actions.js';

/** The plans list (super): a tab of /settings. */
export const PlansTab = () => {
  const { t } = useTranslation('plans');
  const { data: plans = [], isError, isLoading } = useGetPlansQuery();
  const [remove] = useDeletePlanMutation();
  const [editing, setEditing] = useState<PlanView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PlanView | null>(null);

  useEffect(() => {
    if (isError) notify.error(t('loadError'));
  }, [isError, t]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      notify.success(t('success'));
    } catch (error) {
      // the spec's text, with the reason (e.g. the plan is still used by companies)
      notify.error(t('deleteError'), { description: errorMessage(error, t) });
    }
    setDeleting(null);
  };

  return (
    <Box>
      <HStack mb="3" justify="end">
        <Button colorPalette="brand" onClick={() => setEditing('new')}>
          {t('add')}
        </Button>
      </HStack>
      <Box overflowX="auto" borderWidth="1px" borderRadius="md" bg="bg.panel">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              {(
                ['name', 'users', 'connections', 'queues', 'amount', 'public', 'features'] as const
              ).map((key) => (
                <Table.ColumnHeader key={key}>{t(key)}</Table.ColumnHeader>
              ))}
              <Table.ColumnHeader textAlign="end">{t('actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {!isLoading && plans.length === 0 && <TableEmptyRow columns={8} text={t('empty')} />}
            {plans.map((plan) => (
              <Table.Row key={plan.id}>
                <Table.Cell>{plan.name}</Table.Cell>
                <Table.Cell>{plan.users}</Table.Cell>
                <Table.Cell>{plan.connections}</Table.Cell>
                <Table.Cell>{plan.queues}</Table.Cell>
                <Table.Cell>{plan.amount}</Table.Cell>
                <Table.Cell>{plan.isPublic ? t('yes') : t('no')}</Table.Cell>
                <Table.Cell>
                  {PlanFlags.filter((flag) => plan[flag]).length}/{PlanFlags.length}
                </Table.Cell>
                <Table.Cell>
                  <RowActions onEdit={() => setEditing(plan)} onDelete={() => setDeleting(plan)} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {editing && (
        <PlanFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          plan={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title={t('deleteTitle', { name: deleting?.name ?? '' })}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
};
