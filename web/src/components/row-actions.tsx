import { HStack, IconButton, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuTrash2 } from 'react-icons/lu';

/** The edit and delete buttons at the end of a list row (each left out without its handler). */
export const RowActions = ({
  onEdit,
  onDelete,
  children,
}: {
  /** left out when the row cannot be changed */
  onEdit?: () => void;
  /** left out when the row cannot be deleted */
  onDelete?: () => void;
  children?: ReactNode;
}) => {
  const { t } = useTranslation('common');
  return (
    <HStack gap="1" justify="end">
      {children}
      {onEdit && (
        <IconButton size="xs" variant="ghost" aria-label={t('edit')} onClick={onEdit}>
          <LuPencil />
        </IconButton>
      )}
      {onDelete && (
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={t('delete')}
          onClick={onDelete}
        >
          <LuTrash2 />
        </IconButton>
      )}
    </HStack>
  );
};

/** The last cell of a list page's record row: its edit and delete buttons, handed the record. */
export const RowActionsCell = <T,>({
  record,
  onEdit,
  onDelete,
  children,
}: {
  record: T;
  onEdit?: (record: T) => void;
  onDelete?: (record: T) => void;
  children?: ReactNode;
}) => (
  <Table.Cell>
    <RowActions
      onEdit={onEdit && (() => onEdit(record))}
      onDelete={onDelete && (() => onDelete(record))}
    >
      {children}
    </RowActions>
  </Table.Cell>
);
