import { Button, HStack, Input, InputGroup, Spinner, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuPlus, LuSearch } from 'react-icons/lu';
import { TableEmptyRow, type EmptyNext } from './table-empty-row.js';
import { nearListEnd } from './paged-search.js';

/** The search box (left out without `onSearch`) and the add button above a list page's table. */
export const SearchAddBar = ({
  search = '',
  onSearch,
  searchLabel = '',
  addLabel,
  onAdd,
}: {
  search?: string;
  onSearch?: (text: string) => void;
  searchLabel?: string;
  addLabel: string;
  onAdd: () => void;
}) => (
  <HStack mb="4" gap="3" justify={onSearch ? 'space-between' : 'end'} flexWrap="wrap">
    {onSearch && (
      <InputGroup startElement={<LuSearch />} maxW="sm">
        <Input
          placeholder={searchLabel}
          aria-label={searchLabel}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </InputGroup>
    )}
    <Button colorPalette="brand" onClick={onAdd}>
      <LuPlus /> {addLabel}
    </Button>
  </HStack>
);

/**
 * The one table of the app's list pages: sticky column headers (the last one, the actions, aligned to
 * the end; `centered` names a column whose header is centred), an empty line when there are no rows, a
 * spinner while a page loads, and the next page asked for within 100 px of the bottom (spec 1 §9) while
 * the last page said there is more. A paged list spreads `usePagedList(...).table` into it; a list that
 * comes whole leaves out `hasMore` and `onNextPage`.
 */
export const PagedTable = ({
  columns,
  centered,
  testId,
  isEmpty,
  emptyText,
  emptyNext,
  fetching,
  hasMore,
  onNextPage,
  children,
}: {
  columns: string[];
  centered?: number;
  testId?: string;
  isEmpty: boolean;
  emptyText: string;
  /** the next step's page, when this list is a first step */
  emptyNext?: EmptyNext;
  fetching?: boolean;
  hasMore?: boolean;
  onNextPage?: () => void;
  children: ReactNode;
}) => (
  <Table.ScrollArea
    borderWidth="1px"
    rounded="md"
    maxH="calc(100vh - 14rem)"
    data-testid={testId}
    onScroll={(event) => {
      if (hasMore && !fetching && nearListEnd(event.currentTarget)) onNextPage?.();
    }}
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
      <Table.Body>
        {isEmpty && <TableEmptyRow columns={columns.length} text={emptyText} next={emptyNext} />}
        {children}
      </Table.Body>
    </Table.Root>
    {fetching && <Spinner size="sm" m="3" />}
  </Table.ScrollArea>
);
