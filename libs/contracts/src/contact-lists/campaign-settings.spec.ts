import {
  campaignSettingsFromRows,
  campaignSettingsRows,
  defaultCampaignSettings,
  type CampaignSettingsValues,
} from './campaign-settings.js';

describe('campaign settings as rows (GET /campaign-settings)', () => {
  const settings: CampaignSettingsValues = {
    ...defaultCampaignSettings(),
    messageInterval: 5,
    variables: [{ key: 'city', value: 'Recife' }],
  };

  it("answers one row per key, each value JSON text, as the family's front ends read them", () => {
    const rows = campaignSettingsRows(settings);
    expect(rows).toContainEqual({ key: 'messageInterval', value: '5' });
    expect(rows).toContainEqual({
      key: 'variables',
      value: '[{"key":"city","value":"Recife"}]',
    });
    // the family's screen: Object.fromEntries(rows.map(r => [r.key, JSON.parse(r.value)]))
    expect(Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value)]))).toEqual(
      settings,
    );
  });

  it('reads the rows back into the settings, in any order', () => {
    expect(campaignSettingsFromRows(campaignSettingsRows(settings).reverse())).toEqual(settings);
  });

  it('gives a left-out key, an unreadable value or an empty answer its default', () => {
    expect(
      campaignSettingsFromRows([
        { key: 'messageInterval', value: '10' },
        { key: 'greaterInterval', value: '{not json' },
        { key: 'somethingElse', value: '1' },
      ]),
    ).toEqual({ ...defaultCampaignSettings(), messageInterval: 10 });
    expect(campaignSettingsFromRows([])).toEqual(defaultCampaignSettings());
  });
});
