import {
  MaskedSecret,
  QueueIntegrationInput,
  QueueIntegrationTestInput,
  parseServiceAccountKey,
} from './queue-integrations.js';

const key = JSON.stringify({
  type: 'service_account',
  project_id: 'agent-1',
  client_email: 'bot@agent-1.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n',
});

const issues = (value: unknown): Record<string, string[]> => {
  const result = QueueIntegrationInput.safeParse(value);
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    (byPath[path] ??= []).push(issue.message);
  }
  return byPath;
};

describe('QueueIntegrationInput', () => {
  it('checks the name with the form texts of spec 3 §5', () => {
    expect(issues({ type: 'webhook', urlN8N: 'https://hooks.test/a' }).name).toEqual(['Required']);
    expect(issues({ type: 'webhook', name: '  ', urlN8N: 'https://hooks.test/a' }).name).toContain(
      'Required',
    );
    expect(issues({ type: 'webhook', name: 'a', urlN8N: 'https://hooks.test/a' }).name).toEqual([
      'Too Short!',
    ]);
    expect(
      issues({ type: 'webhook', name: 'x'.repeat(51), urlN8N: 'https://hooks.test/a' }).name,
    ).toEqual(['Too Long!']);
  });

  it('needs urlN8N for n8n and webhooks, a slug for typebot, and a real URL when one is given', () => {
    expect(issues({ type: 'n8n', name: 'Flow' }).urlN8N).toEqual(['Required']);
    expect(issues({ type: 'webhook', name: 'Hook' }).urlN8N).toEqual(['Required']);
    expect(issues({ type: 'webhook', name: 'Hook', urlN8N: 'ftp://x' }).urlN8N).toEqual([
      'Invalid URL',
    ]);
    expect(issues({ type: 'typebot', name: 'Bot' })).toEqual({ typebotSlug: ['Required'] });
    expect(issues({ type: 'typebot', name: 'Bot', typebotSlug: 'my-bot' })).toEqual({});
  });

  it('gives typebot its defaults and sets the projectName to the name except for Dialogflow', () => {
    const typebot = QueueIntegrationInput.parse({
      type: 'typebot',
      name: 'Sales bot',
      projectName: 'ignored',
      typebotSlug: 'sales',
    });
    expect(typebot).toMatchObject({
      projectName: 'Sales bot',
      typebotDelayMessage: 1000,
      typebotExpires: 1,
      language: 'pt-BR',
    });
    const dialogflow = QueueIntegrationInput.parse({
      type: 'dialogflow',
      name: 'Agent',
      projectName: 'agent-1',
      jsonContent: key,
      language: 'es',
    });
    expect(dialogflow.projectName).toBe('agent-1');
  });

  it('needs a project and a service-account key for Dialogflow', () => {
    expect(issues({ type: 'dialogflow', name: 'Agent' })).toEqual({
      projectName: ['Required'],
      jsonContent: ['Required'],
    });
    expect(
      issues({ type: 'dialogflow', name: 'Agent', projectName: 'p', jsonContent: '{"a":1}' }),
    ).toEqual({ jsonContent: ['Invalid key'] });
    expect(
      issues({
        type: 'dialogflow',
        name: 'Agent',
        projectName: 'p',
        jsonContent: key,
        language: 'not a language',
      }).language,
    ).toHaveLength(1);
  });

  it("takes any agent language tag, as the family's forks send them", () => {
    const base = { type: 'dialogflow', name: 'Agent', projectName: 'p', jsonContent: key };
    const language = (value: unknown) =>
      QueueIntegrationInput.parse({ ...base, language: value }).language;
    expect(language('fr')).toBe('fr');
    expect(language('pt_BR')).toBe('pt-BR');
    expect(language('ZH-hk')).toBe('zh-HK');
    expect(language('')).toBe('pt-BR');
    expect(language(null)).toBe('pt-BR');
  });

  it('refuses an unknown type', () => {
    expect(issues({ type: 'telegram', name: 'Bot' }).type).toHaveLength(1);
  });
});

describe('parseServiceAccountKey', () => {
  it('reads a key and defaults its token_uri to Google', () => {
    expect(parseServiceAccountKey(key)).toMatchObject({
      client_email: 'bot@agent-1.iam.gserviceaccount.com',
      token_uri: 'https://oauth2.googleapis.com/token',
    });
    expect(parseServiceAccountKey('not json')).toBeUndefined();
    expect(parseServiceAccountKey('[]')).toBeUndefined();
    expect(
      parseServiceAccountKey(
        JSON.stringify({ client_email: 'a@b', private_key: 'k', token_uri: 'file:///x' }),
      ),
    ).toBeUndefined();
  });

  it('accepts the masked key the API answers, so an edit can send it back', () => {
    const masked = JSON.stringify({ ...JSON.parse(key), private_key: MaskedSecret });
    expect(parseServiceAccountKey(masked)?.private_key).toBe(MaskedSecret);
  });
});

describe('QueueIntegrationTestInput', () => {
  it('needs a project and a key; the language defaults to pt-BR', () => {
    expect(QueueIntegrationTestInput.safeParse({ projectName: 'p' }).success).toBe(false);
    expect(QueueIntegrationTestInput.parse({ projectName: 'p', jsonContent: key })).toMatchObject({
      language: 'pt-BR',
    });
  });
});
