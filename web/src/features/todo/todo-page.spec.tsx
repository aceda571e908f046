import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/app.js';
import { createStore } from '../../app/store.js';
import { setupI18n } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { addTodo, editTodo, loadTodos, markTodo, removeTodo } from './todo-list.js';
import { TodoPage } from './todo-page.js';

const stored = () => JSON.parse(localStorage.getItem('tasks') ?? 'null') as unknown;

const mount = async (language = 'en') => {
  await setupI18n(language);
  const store = createStore({ session: { status: 'authenticated', user: sessionUser() } });
  render(
    <AppProviders store={store}>
      <TodoPage />
    </AppProviders>,
  );
};

describe('to-do list rules', () => {
  const t0 = new Date('2026-11-27T10:00:00.000Z');
  const t1 = new Date('2026-11-27T11:30:00.000Z');

  it('adds with equal created and updated times, and ignores blank text', () => {
    const items = addTodo([], '  Call Ana  ', t0);
    expect(items).toEqual([
      { text: 'Call Ana', createdAt: t0.toISOString(), updatedAt: t0.toISOString() },
    ]);
    expect(addTodo(items, '   ', t1)).toBe(items);
  });

  it('edits the text and the update time only, and removes by position', () => {
    const items = addTodo(addTodo([], 'a', t0), 'b', t0);
    const edited = editTodo(items, 1, 'B!', t1);
    expect(edited[1]).toEqual({
      text: 'B!',
      createdAt: t0.toISOString(),
      updatedAt: t1.toISOString(),
    });
    expect(edited[0]).toBe(items[0]);
    expect(editTodo(items, 1, ' ', t1)).toBe(items);
    expect(removeTodo(edited, 0).map((item) => item.text)).toEqual(['B!']);
  });

  it('marks an item done and back, stamping its update time', () => {
    const items = addTodo([], 'a', t0);
    const done = markTodo(items, 0, true, t1);
    expect(done[0]).toEqual({ ...items[0], done: true, updatedAt: t1.toISOString() });
    expect(markTodo(done, 0, false, t1)[0]!.done).toBe(false);
  });

  it('reads nothing from an unreadable stored value', () => {
    localStorage.setItem('tasks', '{not json');
    expect(loadTodos()).toEqual([]);
    localStorage.setItem(
      'tasks',
      JSON.stringify([{ text: 1 }, { text: 'ok', createdAt: 'x', updatedAt: 'x' }]),
    );
    expect(loadTodos().map((item) => item.text)).toEqual(['ok']);
  });
});

describe('to-do page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('adds, edits and deletes items kept under the storage key tasks', async () => {
    await mount();
    const box = screen.getByLabelText('New task');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.queryAllByTestId('todo-item')).toHaveLength(0);

    fireEvent.change(box, { target: { value: 'Call Ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const [item] = screen.getAllByTestId('todo-item');
    expect(within(item!).getByText('Call Ana')).toBeTruthy();
    expect(within(item!).getByText(/^Updated \d/)).toBeTruthy();
    expect(stored()).toEqual([
      expect.objectContaining({ text: 'Call Ana', createdAt: expect.any(String) }),
    ]);

    fireEvent.click(within(item!).getByRole('button', { name: 'Edit' }));
    expect((box as HTMLInputElement).value).toBe('Call Ana');
    fireEvent.change(box, { target: { value: 'Call Ana at 3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Call Ana at 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
    expect((stored() as { text: string }[])[0]!.text).toBe('Call Ana at 3');

    fireEvent.click(
      within(screen.getByTestId('todo-item')).getByRole('button', { name: 'Delete' }),
    );
    expect(screen.queryAllByTestId('todo-item')).toHaveLength(0);
    expect(stored()).toEqual([]);
  });

  it('ticks an item done with its box, strikes it through and keeps it so', async () => {
    localStorage.setItem(
      'tasks',
      JSON.stringify([
        {
          text: 'Old',
          createdAt: '2026-01-02T03:04:05.000Z',
          updatedAt: '2026-01-02T03:04:05.000Z',
        },
        {
          text: 'Call Ana',
          createdAt: '2026-01-02T03:04:05.000Z',
          updatedAt: '2026-01-02T03:04:05.000Z',
        },
      ]),
    );
    await mount();
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Call Ana' });
    expect(box.checked).toBe(false);
    await userEvent.click(screen.getByText('Call Ana'));
    const [first, second] = screen.getAllByTestId('todo-item');
    expect(second!.getAttribute('data-done')).toBe('true');
    expect(first!.getAttribute('data-done')).toBeNull();
    expect(getComputedStyle(within(second!).getByText('Call Ana')).textDecoration).toContain(
      'line-through',
    );
    expect((stored() as { done?: boolean }[]).map((item) => item.done)).toEqual([undefined, true]);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Call Ana' }));
    expect((stored() as { done?: boolean }[])[1]!.done).toBe(false);
    expect(screen.getAllByTestId('todo-item')[1]!.getAttribute('data-done')).toBeNull();
  });

  it('shows the stored items on arrival', async () => {
    localStorage.setItem(
      'tasks',
      JSON.stringify([
        {
          text: 'From before',
          createdAt: '2026-01-02T03:04:05.000Z',
          updatedAt: '2026-01-02T03:04:05.000Z',
        },
      ]),
    );
    await mount();
    expect(screen.getByText('From before')).toBeTruthy();
  });

  it('labels the button Agregar, then Guardar while editing, in Spanish', async () => {
    localStorage.setItem(
      'tasks',
      JSON.stringify([
        {
          text: 'Tarea',
          createdAt: '2026-01-02T03:04:05.000Z',
          updatedAt: '2026-01-02T03:04:05.000Z',
        },
      ]),
    );
    await mount('es');
    expect(screen.getByRole('button', { name: 'Agregar' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeTruthy();
  });
});
