import type { EntityManager, Repository } from 'typeorm';
import { AppError } from '../errors/app-error.js';
import { TenantRepository } from './tenant.repository.js';
import type { Transactions } from './transactions.js';

type Note = { id: number; companyId: number; text: string };

// A recording stand-in for TypeORM's Repository: the unit under test is the scoping.
function fakeRepository(rows: Note[]) {
  const calls: { method: string; arg: unknown }[] = [];
  const matches = (where: Record<string, unknown>) => (row: Note) =>
    Object.entries(where).every(([k, v]) => row[k as keyof Note] === v);
  const whereOf = (arg: unknown) => (arg as { where: Record<string, unknown> }).where;
  const repo = {
    target: 'Note',
    metadata: {
      getEntityIdMap: (e: Partial<Note>) => (e.id === undefined ? undefined : { id: e.id }),
    },
    find: async (arg: unknown) => (
      calls.push({ method: 'find', arg }),
      rows.filter(matches(whereOf(arg)))
    ),
    findOne: async (arg: unknown) => (
      calls.push({ method: 'findOne', arg }),
      rows.find(matches(whereOf(arg))) ?? null
    ),
    count: async (arg: unknown) => (
      calls.push({ method: 'count', arg }),
      rows.filter(matches(whereOf(arg))).length
    ),
    save: async (arg: Note) => (calls.push({ method: 'save', arg }), arg),
    delete: async (arg: Record<string, unknown>) => (
      calls.push({ method: 'delete', arg }),
      { affected: rows.filter(matches(arg)).length }
    ),
  };
  return { repo: repo as unknown as Repository<Note>, calls };
}

// Reads go through Transactions.read, whose manager hands out the same recording repository.
function readsOn(repo: Repository<Note>): Transactions {
  const manager = { getRepository: () => repo } as unknown as EntityManager;
  const read = (_companyId: number, work: (m: EntityManager) => Promise<unknown>) => work(manager);
  return { read } as unknown as Transactions;
}

class NotesRepository extends TenantRepository<Note> {
  protected readonly notFoundCode = 'ERR_NO_CONTACT_FOUND' as const;
  constructor(repo: Repository<Note>) {
    super(repo, readsOn(repo));
  }
}

const rows: Note[] = [
  { id: 1, companyId: 1, text: 'a' },
  { id: 2, companyId: 2, text: 'b' },
];

describe('TenantRepository', () => {
  it('adds the tenant to every query, overriding a companyId in the where', async () => {
    const { repo, calls } = fakeRepository(rows);
    const notes = new NotesRepository(repo);
    expect(await notes.find(1)).toEqual([rows[0]]);
    expect(await notes.find(1, { where: { companyId: 2 } })).toEqual([rows[0]]);
    expect(await notes.count(2)).toBe(1);
    expect(await notes.findOne(1, { id: 2 })).toBeNull();
    expect(calls.map((c) => (c.arg as { where: unknown }).where)).toEqual([
      { companyId: 1 },
      { companyId: 1 },
      { companyId: 2 },
      { id: 2, companyId: 1 },
    ]);
  });

  it('scopes every alternative of an OR where', async () => {
    const { repo, calls } = fakeRepository(rows);
    await new NotesRepository(repo).find(1, { where: [{ text: 'a' }, { text: 'b' }] });
    expect((calls[0].arg as { where: unknown }).where).toEqual([
      { text: 'a', companyId: 1 },
      { text: 'b', companyId: 1 },
    ]);
  });

  it('answers the subclass code when a row is not in the tenant', async () => {
    const { repo } = fakeRepository(rows);
    const err = await new NotesRepository(repo)
      .findOneOrFail(1, { id: 2 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'ERR_NO_CONTACT_FOUND', status: 404 });
  });

  it('saves with the tenant and refuses to overwrite another tenant’s row', async () => {
    const { repo, calls } = fakeRepository(rows);
    const notes = new NotesRepository(repo);
    expect(await notes.save(1, { text: 'new', companyId: 2 } as Partial<Note>)).toEqual({
      text: 'new',
      companyId: 1,
    });
    await expect(notes.save(1, { id: 2, text: 'stolen' })).rejects.toMatchObject({
      code: 'ERR_NO_CONTACT_FOUND',
    });
    expect(calls.filter((c) => c.method === 'save')).toHaveLength(1);
  });

  it('deletes only inside the tenant', async () => {
    const { repo } = fakeRepository(rows);
    const notes = new NotesRepository(repo);
    expect(await notes.delete(1, { id: 2 })).toBe(0);
    expect(await notes.delete(2, { id: 2 })).toBe(1);
  });
});
