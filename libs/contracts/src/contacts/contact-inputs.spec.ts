import { TagInput, TagSyncInput } from '../tags/tag-inputs.js';
import { ContactInput, ContactListQuery } from './contact-inputs.js';
import { maskContactNumber, normaliseContactNumber } from './number-mask.js';

describe('contact inputs', () => {
  it('uses the spec messages', () => {
    const result = ContactInput.safeParse({ name: 'A', number: '123', email: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.flatten().fieldErrors).toEqual({
      name: ['Too Short!'],
      number: ['Too Short!'],
      email: ['Invalid email'],
    });
    expect(ContactInput.safeParse({}).error?.flatten().fieldErrors).toMatchObject({
      name: ['Required'],
      number: ['Required'],
    });
  });

  it('reads contactTag as a JSON list and isGroup as a flag', () => {
    expect(ContactListQuery.parse({ contactTag: '[1,2]', isGroup: 'true' })).toMatchObject({
      contactTag: [1, 2],
      isGroup: true,
      pageNumber: 1,
    });
  });

  it('masks all but the last 2 digits, never a group', () => {
    expect(maskContactNumber('5511988887777', false)).toBe('***********77');
    expect(maskContactNumber('120363000000@g.us', true)).toBe('120363000000@g.us');
    expect(normaliseContactNumber('+55 (11) 98888-7777')).toBe('5511988887777');
  });

  it('checks tags: 3 characters at least, sync takes ids or tag objects', () => {
    expect(TagInput.safeParse({ name: 'ab' }).error?.issues[0]?.message).toBe(
      'Mensagem muito curta',
    );
    expect(TagSyncInput.parse({ contactId: '3', tags: [1, { id: 2 }] })).toEqual({
      contactId: 3,
      tags: [1, 2],
    });
  });
});
