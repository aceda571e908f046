import {
  CampaignSettingsInput,
  ContactListInput,
  ContactListItemInput,
  defaultCampaignSettings,
} from './index.js';
import { unmarkedIdFields } from '../refs/refs.js';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('contact list contracts', () => {
  it('list name: 2 to 50 characters, required', () => {
    expect(messages(ContactListInput.safeParse({ name: '' }))).toEqual({ name: 'Required' });
    expect(messages(ContactListInput.safeParse({ name: 'a' }))).toEqual({ name: 'Too Short!' });
    expect(messages(ContactListInput.safeParse({ name: 'a'.repeat(51) }))).toEqual({
      name: 'Too Long!',
    });
    expect(ContactListInput.parse({ name: '  Clients ' })).toEqual({ name: 'Clients' });
  });

  it('item: name 2-50, number 8-50 kept as digits, email valid or empty', () => {
    expect(
      ContactListItemInput.parse({ name: 'Ana', number: '+55 11 98888-0001', contactListId: '3' }),
    ).toEqual({ name: 'Ana', number: '5511988880001', email: '', contactListId: 3 });
    expect(
      messages(
        ContactListItemInput.safeParse({
          name: 'A',
          number: '1234567',
          email: 'x',
          contactListId: 1,
        }),
      ),
    ).toEqual({ name: 'Too Short!', number: 'Too Short!', email: 'Invalid email' });
  });

  it('marks every id field', () => {
    expect(unmarkedIdFields(ContactListItemInput)).toEqual([]);
  });

  it('campaign settings: the choices of spec 3 §9, defaults 20/20/60, unique variable keys', () => {
    expect(defaultCampaignSettings()).toEqual({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
      optOutWords: ['SAIR', 'PARAR', 'STOP'],
      replyWindowHours: 24,
    });
    expect(
      CampaignSettingsInput.safeParse({ settings: { optOutWords: ['STOP', '  '] } }).success,
    ).toBe(false);
    expect(CampaignSettingsInput.safeParse({ settings: { replyWindowHours: 0 } }).success).toBe(
      false,
    );
    expect(CampaignSettingsInput.safeParse({ settings: { messageInterval: 7 } }).success).toBe(
      false,
    );
    expect(
      CampaignSettingsInput.safeParse({
        settings: {
          variables: [
            { key: 'a', value: '1' },
            { key: 'a', value: '2' },
          ],
        },
      }).success,
    ).toBe(false);
  });
});
