import { Badge, Button, HStack, Input, InputGroup, Spinner, Table, Text } from '@chakra-ui/react';
import type { Announcement } from '@sb/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuSearch } from 'react-icons/lu';
import { PageTitle } from '../../components/page-title.js';
import { notify, toastError } from '../../components/toaster.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { AnnouncementFormDialog } from './announcement-form-dialog.js';
import { nearListEnd, useDebounced } from '../../components/paged-search.js';
import { priorityBorderColor } from './announcement-priority.js';
import { useDeleteAnnouncementMutation, useListAnnouncementsQuery } from './announcements.api.js';
import { RowActions } from '../../components/row-actions.js';

/** /announcements (super users, spec 3 §2.12): search, add, edit, delete. */
export const AnnouncementsPage = () => {
  const { t } = useTranslation('announcements');
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim().toLowerCase());
  const [pageNumber, setPageNumber] = useState(1);
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Announcement | null>(null);
  const [deleteAnnouncement, deleting] = useDeleteAnnouncementMutation();
  const { data, isLoading, isFetching } = useListAnnouncementsQuery({ searchParam, pageNumber });

  // a new search starts again at page 1 (spec 3 §4)
  useEffect(() => setPageNumber(1), [searchParam]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteAnnouncement(toDelete.id).unwrap();
      notify.success(t('deleted'));
    } catch (error) {
      toastError(error);
    }
    setToDelete(null);
  };

  const records = data?.records ?? [];

  return (
    <PageTitle titleKey="announcements">
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
              <Table.ColumnHeader>{t('title')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('priority')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('mediaName')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('status')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {!isLoading && records.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={5}>
                  <Text color="fg.muted">{t('empty')}</Text>
                </Table.Cell>
              </Table.Row>
            )}
            {records.map((record) => (
              <Table.Row key={record.id} data-testid="announcement-row">
                <Table.Cell
                  borderLeftWidth="4px"
                  borderLeftColor={priorityBorderColor(record.priority)}
                >
                  {record.title}
                </Table.Cell>
                <Table.Cell>{t(`priorities.${record.priority}`)}</Table.Cell>
                <Table.Cell>{record.mediaName ?? '—'}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={record.status ? 'green' : 'gray'}>
                    {record.status ? t('active') : t('inactive')}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  <RowActions
                    onEdit={() => {
                      setEditing(record);
                      setFormOpen(true);
                    }}
                    onDelete={() => setToDelete(record)}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {(isLoading || isFetching) && <Spinner size="sm" m="3" />}
      </Table.ScrollArea>
      <AnnouncementFormDialog open={formOpen} record={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle', { title: toDelete?.title ?? '' })}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
    </PageTitle>
  );
};
