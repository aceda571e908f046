import { Table } from '@chakra-ui/react';
import type { Prompt } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { PagedTable, SearchAddBar } from '../../components/paged-table.js';
import { useDeleteConfirm, useRecordForm } from '../../components/record-dialogs.js';
import { RowActionsCell } from '../../components/row-actions.js';
import { notify } from '../../components/toaster.js';
import { PromptDialog } from './prompt-dialog.js';
import { useDeletePromptMutation, useListPromptsQuery } from './prompts.api.js';

/** /prompts (spec 3 §2.16; admins, plan flag useOpenAi): name, queue, max tokens, edit, delete. */
export const PromptsPage = () => {
  const { t } = useTranslation('prompts');
  const { data, isLoading } = useListPromptsQuery();
  const form = useRecordForm<Prompt>();
  const [deletePrompt] = useDeletePromptMutation();
  const remove = useDeleteConfirm<Prompt>(deletePrompt, () => notify.info(t('deleted')));

  const prompts = data?.prompts ?? [];

  return (
    <PageTitle titleKey="prompts">
      <SearchAddBar addLabel={t('add')} onAdd={form.openNew} />
      <PagedTable
        columns={[t('name'), t('queue'), t('maxTokens'), t('actions')]}
        isEmpty={!isLoading && prompts.length === 0}
        emptyText={t('empty')}
      >
        {prompts.map((prompt) => (
          <Table.Row key={prompt.id} data-testid="prompt-row">
            <Table.Cell>{prompt.name}</Table.Cell>
            <Table.Cell>{prompt.queue?.name ?? t('noQueue')}</Table.Cell>
            <Table.Cell>{prompt.maxTokens}</Table.Cell>
            <RowActionsCell record={prompt} onEdit={form.openEdit} onDelete={remove.ask} />
          </Table.Row>
        ))}
      </PagedTable>
      <PromptDialog open={form.formOpen} record={form.editing} onClose={form.close} />
      <DeleteConfirmDialog
        confirm={remove}
        title={t('deleteTitle', { name: remove.toDelete?.name ?? '' })}
        warning={t('deleteWarning')}
      />
    </PageTitle>
  );
};
