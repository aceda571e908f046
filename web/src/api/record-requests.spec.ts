import { ApiRoutes } from '@sb/contracts';
import { describe, expect, it } from 'vitest';
import { deleteById, putById } from './record-requests.js';

describe('record requests', () => {
  it('puts the fields but the id to the record path', () => {
    expect(putById(ApiRoutes.tags.byId)({ id: 7, name: 'vip', color: '#fff' })).toEqual({
      url: '/tags/7',
      method: 'PUT',
      body: { name: 'vip', color: '#fff' },
    });
  });

  it('deletes by the record path', () => {
    expect(deleteById(ApiRoutes.tags.byId)(7)).toEqual({ url: '/tags/7', method: 'DELETE' });
  });
});
