import { orCreationFailure } from './creation-failures.js';

const dbError = (code: string) => Object.assign(new Error('refused'), { code });

describe('orCreationFailure', () => {
  it('answers the creation code when the database refuses the row', async () => {
    await expect(
      orCreationFailure('ERR_CREATING_MESSAGE', () => Promise.reject(dbError('23514'))),
    ).rejects.toMatchObject({ code: 'ERR_CREATING_MESSAGE', status: 400 });
    await expect(
      orCreationFailure('ERR_CREATING_TICKET', () => Promise.reject(dbError('22001'))),
    ).rejects.toMatchObject({ code: 'ERR_CREATING_TICKET' });
  });

  it('leaves unique violations to the caller unless asked', async () => {
    await expect(
      orCreationFailure('ERR_CREATING_TICKET', () => Promise.reject(dbError('23505'))),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      orCreationFailure('ERR_CREATING_TICKET', () => Promise.reject(dbError('23505')), {
        uniqueToo: true,
      }),
    ).rejects.toMatchObject({ code: 'ERR_CREATING_TICKET' });
  });

  it('keeps other failures (connection lost) as they are', async () => {
    await expect(
      orCreationFailure('ERR_CREATING_MESSAGE', () => Promise.reject(dbError('08006'))),
    ).rejects.toMatchObject({ code: '08006' });
    await expect(orCreationFailure('ERR_CREATING_MESSAGE', () => Promise.resolve(7))).resolves.toBe(
      7,
    );
  });
});
