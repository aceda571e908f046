import { Table } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

/**
 * A table's bordered scroll area that a keyboard can reach and scroll (a table wider than a phone);
 * name it with `aria-label` or `aria-labelledby`.
 */
export const TableScrollRegion = (props: ComponentProps<typeof Table.ScrollArea>) => (
  <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" {...props} />
);
