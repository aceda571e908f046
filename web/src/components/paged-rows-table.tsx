import { Box, Button, HStack, Input, Table } from '@chakra-ui/react';
import type { ReactNode, UIEvent } from 'react';

/** The search box and the add button above a table whose pages load on scroll (`usePagedSearch`). */
export const PagedSearchBar = ({
  typed,
  onType,
  searchLabel,
  addLabel,
  onAdd,
}: {
  typed: string;
  onType: (text: string) => void;
  searchLabel: string;
  addLabel: string;
  onAdd: () => void;
}) => (
  <HStack mb="3" justify="space-between">
    <Input
      maxW="sm"
      placeholder={searchLabel}
      aria-label={searchLabel}
      value={typed}
      onChange={(e) => onType(e.target.value)}
    />
    <Button colorPalette="brand" onClick={onAdd}>
      {addLabel}
    </Button>
  </HStack>
);

/**
 * The scrolling box of a `usePagedSearch` list: sticky column headers (the last one, the actions,
 * aligned to the end; `centered` names a column whose header is centred) over one row group per page.
 */
export const PagedRowsTable = ({
  columns,
  centered,
  onScroll,
  testId,
  children,
}: {
  columns: string[];
  centered?: number;
  onScroll: (event: UIEvent<HTMLElement>) => void;
  testId?: string;
  children: ReactNode;
}) => (
  <Box
    maxH="70vh"
    overflowY="auto"
    onScroll={onScroll}
    borderWidth="1px"
    borderRadius="md"
    bg="bg.panel"
    data-testid={testId}
  >
    <Table.Root size="sm" stickyHeader>
      <Table.Header>
        <Table.Row>
          {columns.map((column, index) => (
            <Table.ColumnHeader
              key={column}
              textAlign={
                index === columns.length - 1 ? 'end' : index === centered ? 'center' : undefined
              }
            >
              {column}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>{children}</Table.Body>
    </Table.Root>
  </Box>
);
