import { Table, Text } from '@chakra-ui/react';

/**
 * The one empty state of the app's tables: a row across every column saying there is nothing yet,
 * so an empty table never reads as a broken one.
 */
export const TableEmptyRow = ({ columns, text }: { columns: number; text: string }) => (
  <Table.Row data-testid="table-empty">
    <Table.Cell colSpan={columns} textAlign="center" py="6">
      <Text color="fg.muted">{text}</Text>
    </Table.Cell>
  </Table.Row>
);
