import { Box, Button, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.js';
import { TextField } from '../../components/form-fields.js';
import { PageTitle } from '../../components/page-title.js';
import { RowActions } from '../../components/row-actions.js';
import {
  addTodo,
  editTodo,
  loadTodos,
  markTodo,
  removeTodo,
  saveTodos,
  type TodoItem,
} from './todo-list.js';

/**
 * /todolist (spec 3 §2.20): a to-do list kept in this browser only (storage key `tasks`). One text box
 * adds an item, or, after an item's edit button, saves its new text (the button reads "Save" then).
 * Each item's box marks it done (struck through), kept with the item in the same storage.
 */
export const TodoPage = () => {
  const { t, i18n } = useTranslation('todo');
  const [items, setItems] = useState<TodoItem[]>(loadTodos);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);

  const change = (next: TodoItem[]) => {
    saveTodos(next);
    setItems(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // blank text is ignored (spec 3 §5): the box keeps what was typed
    if (!text.trim()) return;
    const now = new Date();
    change(editing === null ? addTodo(items, text, now) : editTodo(items, editing, text, now));
    setText('');
    setEditing(null);
  };

  const cancel = () => {
    setText('');
    setEditing(null);
  };

  return (
    <PageTitle titleKey="todolist">
      <Box as="form" onSubmit={onSubmit} maxW="3xl" mb="6" data-testid="todo-form">
        <HStack align="end" gap="2" wrap={{ base: 'wrap', sm: 'nowrap' }}>
          <Box flex="1" minW="48">
            <TextField label={t('task')} value={text} onChange={setText} />
          </Box>
          <Button type="submit" colorPalette="brand">
            {editing === null ? t('add') : t('save')}
          </Button>
          {editing !== null && (
            <Button variant="outline" onClick={cancel}>
              {t('cancel')}
            </Button>
          )}
        </HStack>
      </Box>
      {items.length === 0 ? (
        <Text color="fg.muted">{t('empty')}</Text>
      ) : (
        <Stack as="ul" gap="2" maxW="3xl" listStyleType="none" data-testid="todo-list">
          {items.map((item, index) => (
            <HStack
              as="li"
              key={`${item.createdAt}-${index}`}
              justify="space-between"
              align="start"
              gap="3"
              p="3"
              borderWidth="1px"
              rounded="md"
              bg={editing === index ? 'bg.muted' : 'bg.panel'}
              data-testid="todo-item"
              data-done={item.done ? 'true' : undefined}
            >
              <Box minW="0">
                {/* the text is the box's label: clicking either ticks the item done */}
                <Checkbox.Root
                  alignItems="start"
                  checked={item.done === true}
                  onCheckedChange={(e) =>
                    change(markTodo(items, index, e.checked === true, new Date()))
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control mt="0.5" />
                  <Checkbox.Label
                    fontWeight="normal"
                    whiteSpace="pre-wrap"
                    wordBreak="break-word"
                    textDecoration={item.done ? 'line-through' : undefined}
                    color={item.done ? 'fg.muted' : undefined}
                  >
                    {item.text}
                  </Checkbox.Label>
                </Checkbox.Root>
                <Text fontSize="sm" color="fg.muted" ms="6">
                  {t('updatedAt', { date: formatDateTime(item.updatedAt, i18n.language) })}
                </Text>
              </Box>
              <RowActions
                onEdit={() => {
                  setEditing(index);
                  setText(item.text);
                }}
                onDelete={() => {
                  change(removeTodo(items, index));
                  if (editing === index) cancel();
                  else if (editing !== null && editing > index) setEditing(editing - 1);
                }}
              />
            </HStack>
          ))}
        </Stack>
      )}
    </PageTitle>
  );
};
