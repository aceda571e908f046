import { sendFailureCode } from '../channels/channel-messages.js';
import {
  campaignAllFailed,
  canStartNow,
  CampaignInput,
  CampaignsQuery,
  isOptOutReply,
  CampaignTemplatesQuery,
  confirmationVariants,
  messageVariants,
  normaliseCampaignStatus,
} from './index.js';
import { unmarkedIdFields } from '../refs/refs.js';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('campaign contracts', () => {
  it('reads both spellings of a status (spec 3 §4)', () => {
    expect(normaliseCampaignStatus('INACTIVA')).toBe('INATIVA');
    expect(normaliseCampaignStatus('inativa')).toBe('INATIVA');
    expect(normaliseCampaignStatus('EN_CURSO')).toBe('EM_ANDAMENTO');
    expect(normaliseCampaignStatus('EM_ANDAMENTO')).toBe('EM_ANDAMENTO');
    expect(normaliseCampaignStatus('PROGRAMADA')).toBe('PROGRAMADA');
    expect(normaliseCampaignStatus('DONE')).toBeUndefined();
    expect(CampaignsQuery.parse({ status: 'EN_CURSO' }).status).toBe('EM_ANDAMENTO');
    expect(CampaignsQuery.safeParse({ status: 'DONE' }).success).toBe(false);
  });

  it('name 2-50 required, one connection, an audience and a message (spec 3 §5)', () => {
    expect(messages(CampaignInput.safeParse({ name: '' }))).toMatchObject({
      name: 'Este campo es obligatorio',
    });
    expect(messages(CampaignInput.safeParse({ name: 'Promo' }))).toEqual({
      whatsappId: 'Select at least one connection',
      contactListId: 'Choose a contact list or a tag',
      message1: 'Write at least one message',
    });
    expect(
      messages(
        CampaignInput.safeParse({ name: 'a', whatsappId: 1, contactListId: 2, message2: 'hi' }),
      ),
    ).toEqual({
      name: 'Too Short!',
    });
    expect(
      messages(
        CampaignInput.safeParse({
          name: 'Promo',
          whatsappId: '1',
          contactListId: 2,
          message1: 'hi',
          confirmation: true,
        }),
      ),
    ).toEqual({ confirmationMessage1: 'Write at least one confirmation message' });
  });

  it('takes whatsappId as one id, ids joined by comma or a list', () => {
    const base = { name: 'Promo', contactListId: '3', message1: 'Hello' };
    expect(CampaignInput.parse({ ...base, whatsappId: 4 }).whatsappId).toEqual([4]);
    expect(CampaignInput.parse({ ...base, whatsappId: '4, 5,4' }).whatsappId).toEqual([4, 5]);
    expect(CampaignInput.parse({ ...base, whatsappId: [6] }).whatsappId).toEqual([6]);
    const parsed = CampaignInput.parse({ ...base, whatsappId: 4, scheduledAt: '' });
    expect(parsed).toMatchObject({ contactListId: 3, tagListId: null, scheduledAt: null });
  });

  it('keeps the variants that have text', () => {
    expect(messageVariants({ message1: '', message2: 'b', message3: '  ', message5: 'e' })).toEqual(
      ['b', 'e'],
    );
    expect(confirmationVariants({ confirmationMessage4: 'ok?' })).toEqual(['ok?']);
  });

  it('takes a template instead of the text, with its language and a text per parameter', () => {
    const base = { name: 'Promo', whatsappId: 4, contactListId: 3 };
    const withTemplate = CampaignInput.parse({
      ...base,
      templateName: 'order_update',
      templateLanguage: 'pt_BR',
      templateParameters: ['{firstName}', 'pedido {numero}'],
    });
    expect(withTemplate).toMatchObject({
      templateName: 'order_update',
      templateLanguage: 'pt_BR',
      templateParameters: ['{firstName}', 'pedido {numero}'],
    });
    // '' and null are "no template"
    for (const none of ['', null, undefined]) {
      expect(
        CampaignInput.parse({
          ...base,
          message1: 'Hi',
          templateName: none,
          templateLanguage: none,
        }),
      ).toMatchObject({ templateName: null, templateLanguage: null, templateParameters: [] });
    }
    expect(
      messages(
        CampaignInput.safeParse({ ...base, templateName: 'promo', templateParameters: ['a', ' '] }),
      ),
    ).toEqual({
      templateLanguage: "Choose the template's language",
      templateParameters: 'Fill every parameter of the template',
    });
    expect(
      CampaignInput.safeParse({ ...base, templateName: 'Not A Name!', templateLanguage: 'en' })
        .success,
    ).toBe(false);
    expect(
      CampaignInput.safeParse({ ...base, templateName: 'promo', templateLanguage: 'english!' })
        .success,
    ).toBe(false);
  });

  it('marks every id field', () => {
    expect(unmarkedIdFields(CampaignInput)).toEqual([]);
    expect(unmarkedIdFields(CampaignTemplatesQuery)).toEqual([]);
  });

  it('reads a finished campaign as failed only when nothing reached the channel and a row failed', () => {
    expect(campaignAllFailed('FINALIZADA', { sent: 0, failed: 2 })).toBe(true);
    expect(campaignAllFailed('FINALIZADA', { sent: 1, failed: 2 })).toBe(false);
    // nobody to send to (a deleted list or tag), or every row skipped as opted out: not a failure
    expect(campaignAllFailed('FINALIZADA', { sent: 0, failed: 0 })).toBe(false);
    expect(campaignAllFailed('EM_ANDAMENTO', { sent: 0, failed: 2 })).toBe(false);
  });

  it('starts now an inactive or scheduled campaign, or a cancelled one that never started', () => {
    expect(canStartNow('INATIVA', false)).toBe(true);
    expect(canStartNow('PROGRAMADA', false)).toBe(true);
    expect(canStartNow('CANCELADA', false)).toBe(true);
    expect(canStartNow('CANCELADA', true)).toBe(false);
    expect(canStartNow('EM_ANDAMENTO', true)).toBe(false);
    expect(canStartNow('FINALIZADA', true)).toBe(false);
  });

  it('reads an opt-out reply as the whole message, case and accents ignored', () => {
    expect(isOptOutReply(' Sáir ', ['SAIR'])).toBe(true);
    expect(isOptOutReply('quero sair', ['SAIR'])).toBe(false);
    expect(isOptOutReply('SAIR', [])).toBe(false);
  });
});

describe('send failures', () => {
  it("records Meta's 24-hour refusal with its own code, other failures with the channel's", () => {
    const window = { refused: true, reason: 'outside_24h_window', graphCode: 131047 };
    expect(sendFailureCode('ERR_SENDING_WAPP_MSG', window)).toBe('ERR_OUTSIDE_SERVICE_WINDOW');
    expect(sendFailureCode('ERR_SENDING_WAPP_MSG', { refused: true, reason: 'Bad' })).toBe(
      'ERR_SENDING_WAPP_MSG',
    );
    expect(sendFailureCode('ERR_WAPP_NOT_INITIALIZED', undefined)).toBe('ERR_WAPP_NOT_INITIALIZED');
  });
});
