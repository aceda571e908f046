import { Badge, Box, Button, HStack, Input, Table } from '@chakra-ui/react';
import type { TagRecord } from '@sb/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { usePagedSearch } from '../../components/paged-search.js';
import { RowActions } from '../../components/row-actions.js';
import { notify, toastError } from '../../components/toaster.js';
import { selectUser } from '../auth/session.slice.js';
import { textOn } from './tag-colors.js';
import { TagModal } from './tag-modal.js';
import { useDeleteTagMutation, useGetTagsPageQuery } from './tags.api.js';

const TagRows = ({
  searchParam,
  pageNumber,
  kanban,
  mayDelete,
  onHasMore,
  onEdit,
  onDelete,
}: {
  searchParam: string;
  pageNumber: number;
  kanban: 0 | 1;
  mayDelete: boolean;
  onHasMore: (page: number, hasMore: boolean) => void;
  onEdit: (tag: TagRecord) => void;
  onDelete: (tag: TagRecord) => void;
}) => {
  const { t } = useTranslation('tags');
  const { data, isError } = useGetTagsPageQuery({ searchParam, pageNumber, kanban });
  useEffect(() => {
    if (data) onHasMore(pageNumber, data.hasMore);
  }, [data, pageNumber, onHasMore]);
  useEffect(() => {
    if (isError) notify.error(t('loadError'));
  }, [isError, t]);
  return (data?.tags ?? []).map((tag) => (
    <Table.Row key={tag.id} data-testid={`tag-row-${tag.id}`}>
      <Table.Cell>
        <Badge
          px="2"
          py="1"
          borderRadius="full"
          style={{ background: tag.color, color: textOn(tag.color) }}
        >
          {tag.name}
        </Badge>
      </Table.Cell>
      <Table.Cell textAlign="center">{kanban ? tag.ticketsCount : tag.contactsCount}</Table.Cell>
      <Table.Cell>
        <RowActions
          onEdit={() => onEdit(tag)}
          onDelete={mayDelete ? () => onDelete(tag) : undefined}
        />
      </Table.Cell>
    </Table.Row>
  ));
};

/**
 * /tags and /TagsKanban (spec 3 §2.9–2.10): searchable coloured chips with their contact (or, for kanban
 * lanes, ticket) counts, add, edit and delete. Deleting is for admins.
 */
export const TagsPage = ({ kanban = 0 }: { kanban?: 0 | 1 }) => {
  const { t } = useTranslation('tags');
  const viewer = useAppSelector(selectUser);
  const { typed, setTyped, search, pages, onHasMore, onScroll } = usePagedSearch();
  const [editing, setEditing] = useState<TagRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TagRecord | null>(null);
  const [remove] = useDeleteTagMutation();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      notify.success(t('deleted'));
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  if (!viewer) return null;
  const mayDelete = viewer.super || viewer.profile === 'admin';
  return (
    <PageTitle titleKey={kanban ? 'tagsKanban' : 'tags'}>
      <HStack mb="3" justify="space-between">
        <Input
          maxW="sm"
          placeholder={t('search')}
          aria-label={t('search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button colorPalette="brand" onClick={() => setEditing('new')}>
          {kanban ? t('addKanban') : t('add')}
        </Button>
      </HStack>
      <Box
        maxH="70vh"
        overflowY="auto"
        onScroll={onScroll}
        borderWidth="1px"
        borderRadius="md"
        bg="bg.panel"
        data-testid="tags-scroll"
      >
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('columns.name')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="center">
                {kanban ? t('columns.tickets') : t('columns.contacts')}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('columns.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {Array.from({ length: pages }, (_, i) => (
              <TagRows
                key={`${search}:${i + 1}`}
                searchParam={search}
                pageNumber={i + 1}
                kanban={kanban}
                mayDelete={mayDelete}
                onHasMore={onHasMore}
                onEdit={setEditing}
                onDelete={setDeleting}
              />
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {editing && (
        <TagModal
          key={editing === 'new' ? 'new' : editing.id}
          tag={editing === 'new' ? undefined : editing}
          kanban={kanban}
          open
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('confirmDeleteTitle', { name: deleting?.name ?? '' })}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {t('confirmDeleteText')}
      </ConfirmDialog>
    </PageTitle>
  );
};

/** /TagsKanban: the same screen for kanban lanes. */
export const TagsKanbanPage = () => <TagsPage kanban={1} />;
