import type { ReactNode } from 'react';

/** The button's label, icon and count, and the list's empty state (the props of both parts). */
export type HeaderPopoverProps = {
  label: string;
  icon: ReactNode;
  emptyIcon: ReactNode;
  emptyText: string;
  color?: string;
  testId: string;
  count?: number;
  children?: ReactNode;
};
