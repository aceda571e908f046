import { Button, HStack, Table, Text } from '@chakra-ui/react';
import type { Prompt } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { RowActions } from '../../components/row-actions.js';
import { notify, toastError } from '../../components/toaster.js';
import { PromptDialog } from './prompt-dialog.js';
import { useDeletePromptMutation, useListPromptsQuery } from './prompts.api.js';

/** /prompts (spec 3 §2.16; admins, plan flag useOpenAi): name, queue, max tokens, edit, delete. */
export const PromptsPage = () => {
  const { t } = useTranslation('prompts');
  const { data, isLoading } = useListPromptsQuery();
  const [editing, setEditing] = useState<Prompt | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Prompt | null>(null);
  const [deletePrompt, deleting] = useDeletePromptMutation();

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deletePrompt(toDelete.id).unwrap();
      notify.info(t('deleted'));
    } catch (error) {
      toastError(error);
    }
    setToDelete(null);
  };

  const prompts = data?.prompts ?? [];
  const columns = [t('name'), t('queue'), t('maxTokens'), t('actions')];

  return (
    <PageTitle titleKey="prompts">
      <HStack mb="4" justify="end">
        <Button
          colorPalette="brand"
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          <LuPlus /> {t('add')}
        </Button>
      </HStack>
      <Table.ScrollArea borderWidth="1px" rounded="md" maxH="calc(100vh - 14rem)">
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              {columns.map((column, index) => (
                <Table.ColumnHeader
                  key={column}
                  textAlign={index === columns.length - 1 ? 'end' : undefined}
                >
                  {column}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {!isLoading && prompts.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={columns.length}>
                  <Text color="fg.muted">{t('empty')}</Text>
                </Table.Cell>
              </Table.Row>
            )}
            {prompts.map((prompt) => (
              <Table.Row key={prompt.id} data-testid="prompt-row">
                <Table.Cell>{prompt.name}</Table.Cell>
                <Table.Cell>{prompt.queue?.name ?? t('noQueue')}</Table.Cell>
                <Table.Cell>{prompt.maxTokens}</Table.Cell>
                <Table.Cell>
                  <RowActions
                    onEdit={() => {
                      setEditing(prompt);
                      setFormOpen(true);
                    }}
                    onDelete={() => setToDelete(prompt)}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <PromptDialog open={formOpen} record={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
    </PageTitle>
  );
};
