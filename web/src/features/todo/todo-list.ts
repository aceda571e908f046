import { storedTasks, storeTasks } from '../../lib/browser-storage.js';

/**
 * A local to-do item as kept under the storage key `tasks` (spec 3 §3): ISO dates. `done` (issue 28)
 * is optional, so lists saved before it read as not done.
 */
export type TodoItem = { text: string; createdAt: string; updatedAt: string; done?: boolean };

const isItem = (value: unknown): value is TodoItem => {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.text === 'string' &&
    typeof item.createdAt === 'string' &&
    typeof item.updatedAt === 'string' &&
    (item.done === undefined || typeof item.done === 'boolean')
  );
};

/** The stored list; anything unreadable (another app's value, hand edits) counts as no item. */
export const loadTodos = (): TodoItem[] => {
  const json = storedTasks();
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
};

export const saveTodos = (items: TodoItem[]): void => storeTasks(JSON.stringify(items));

/** Adds an item at the end; blank text is ignored (spec 3 §5). */
export const addTodo = (items: TodoItem[], text: string, now: Date): TodoItem[] => {
  const trimmed = text.trim();
  if (!trimmed) return items;
  const at = now.toISOString();
  return [...items, { text: trimmed, createdAt: at, updatedAt: at }];
};

/** Replaces the text of item `index` and stamps its update time; blank text changes nothing. */
export const editTodo = (items: TodoItem[], index: number, text: string, now: Date): TodoItem[] => {
  const trimmed = text.trim();
  if (!trimmed || !items[index]) return items;
  return items.map((item, i) =>
    i === index ? { ...item, text: trimmed, updatedAt: now.toISOString() } : item,
  );
};

/** Marks item `index` done or not done and stamps its update time. */
export const markTodo = (items: TodoItem[], index: number, done: boolean, now: Date): TodoItem[] =>
  items.map((item, i) => (i === index ? { ...item, done, updatedAt: now.toISOString() } : item));

export const removeTodo = (items: TodoItem[], index: number): TodoItem[] =>
  items.filter((_, i) => i !== index);
