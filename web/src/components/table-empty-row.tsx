import { Link, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** Where an empty list's next step is done, when the list is itself a first step (issue 28). */
export type EmptyNext = { to: string; label: string };

/**
 * The one empty state of the app's tables: a row across every column saying there is nothing yet,
 * so an empty table never reads as a broken one. A first-step list (no queues, no connections) also
 * links to the page of the next step.
 */
export const TableEmptyRow = ({
  columns,
  text,
  next,
}: {
  columns: number;
  text: string;
  next?: EmptyNext;
}) => (
  <Table.Row data-testid="table-empty">
    <Table.Cell colSpan={columns} textAlign="center" py="6">
      <Text color="fg.muted">{text}</Text>
      {next && (
        <Link asChild color="blue.fg" textDecoration="underline" mt="1">
          <RouterLink to={next.to} data-testid="table-empty-next">
            {next.label}
          </RouterLink>
        </Link>
      )}
    </Table.Cell>
  </Table.Row>
);
