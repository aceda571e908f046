import { Badge, Button, HStack, Input, InputGroup, Spinner, Table, Text } from '@chakra-ui/react';
import type { QuickMessage } from '@sb/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuSearch } from 'react-icons/lu';
import { useAppSelector } from '../../app/hooks.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { nearListEnd, useDebounced } from '../../components/paged-search.js';
import { RowActions } from '../../components/row-actions.js';
import { notify, toastError } from '../../components/toaster.js';
import { selectUser } from '../auth/session.slice.js';
import { QuickMessageDialog } from './quick-message-dialog.js';
import { useDeleteQuickMessageMutation, usePageQuickMessagesQuery } from './quick-messages.api.js';

/** /quick-messages (spec 3 §2.7): search, add, edit, delete; shortcode, media, general flag. */
export const QuickMessagesPage = () => {
  const { t } = useTranslation('quick-messages');
  const viewer = useAppSelector(selectUser);
  const isAdmin = !!viewer && (viewer.super || viewer.profile === 'admin');
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim());
  const [pageNumber, setPageNumber] = useState(1);
  const [editing, setEditing] = useState<QuickMessage | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<QuickMessage | null>(null);
  const [deleteQuickMessage, deleting] = useDeleteQuickMessageMutation();
  const { data, isLoading, isFetching } = usePageQuickMessagesQuery({ searchParam, pageNumber });

  useEffect(() => setPageNumber(1), [searchParam]);

  // plain users change only their own personal messages (spec 3 §6)
  const mayChange = (record: QuickMessage) =>
    isAdmin || (!record.geral && record.userId === viewer?.id);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteQuickMessage(toDelete.id).unwrap();
      notify.success(t('deleted'));
    } catch (error) {
      toastError(error);
    }
    setToDelete(null);
  };

  const records = data?.records ?? [];

  return (
    <PageTitle titleKey="quickMessages">
      <HStack mb="4" gap="3" justify="space-between" flexWrap="wrap">
        <InputGroup startElement={<LuSearch />} maxW="sm">
          <Input
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </InputGroup>
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
      <Table.ScrollArea
        borderWidth="1px"
        rounded="md"
        maxH="calc(100vh - 14rem)"
        onScroll={(event) => {
          if (data?.hasMore && !isFetching && nearListEnd(event.currentTarget)) {
            setPageNumber((page) => page + 1);
          }
        }}
      >
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('shortcode')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('mediaName')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('general')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {!isLoading && records.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={4}>
                  <Text color="fg.muted">{t('empty')}</Text>
                </Table.Cell>
              </Table.Row>
            )}
            {records.map((record) => (
              <Table.Row key={record.id} data-testid="quick-message-row">
                <Table.Cell>{record.shortcode}</Table.Cell>
                <Table.Cell>{record.mediaName ?? t('noMedia')}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={record.geral ? 'green' : 'gray'}>
                    {record.geral ? t('yes') : t('no')}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  {mayChange(record) && (
                    <RowActions
                      onEdit={() => {
                        setEditing(record);
                        setFormOpen(true);
                      }}
                      onDelete={() => setToDelete(record)}
                    />
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {(isLoading || isFetching) && <Spinner size="sm" m="3" />}
      </Table.ScrollArea>
      <QuickMessageDialog
        open={formOpen}
        record={editing}
        mayMarkGeneral={isAdmin}
        onClose={() => setFormOpen(false)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle', { shortcode: toDelete?.shortcode ?? '' })}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
    </PageTitle>
  );
};
