/** Left border colour by priority (spec 1 §2): 1 red, 2 orange, 3 grey; semantic tokens for dark mode. */
export const priorityBorderColor = (priority: number): string =>
  priority === 1 ? 'red.solid' : priority === 2 ? 'orange.solid' : 'gray.solid';

/** Spec 1 §9: the next page loads when the list is scrolled to within this many pixels of its end. */
export const InfiniteScrollThresholdPx = 100;

export const nearListEnd = (el: {
  scrollHeight: number;
  scrollTop: number;
  clientHeight: number;
}) => el.scrollHeight - el.scrollTop - el.clientHeight < InfiniteScrollThresholdPx;
