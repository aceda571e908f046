/** Left border colour by priority (spec 1 §2): 1 red, 2 orange, 3 grey; semantic tokens for dark mode. */
export const priorityBorderColor = (priority: number): string =>
  priority === 1 ? 'red.solid' : priority === 2 ? 'orange.solid' : 'gray.solid';
