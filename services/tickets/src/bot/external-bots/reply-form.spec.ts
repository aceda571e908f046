import { replyForm } from './reply-form.js';

// Speak or write: a prompt speaks its replies only with a voice, a key and a region.

describe('replyForm', () => {
  const prompt = {
    voice: 'pt-BR-FranciscaNeural' as const,
    voiceKey: 'azure-key',
    voiceRegion: 'brazilsouth',
  };

  it("writes when the prompt's voice is 'texto', whatever keys it keeps", () => {
    expect(replyForm({ ...prompt, voice: 'texto' })).toEqual({ kind: 'write' });
  });

  it('speaks with the voice, its key and its region', () => {
    expect(replyForm({ ...prompt, voiceRegion: ' brazilsouth ' })).toEqual({
      kind: 'speak',
      voice: { name: 'pt-BR-FranciscaNeural', key: 'azure-key', region: 'brazilsouth' },
    });
  });

  it('writes, saying why, when the voice has no key or no region', () => {
    expect(replyForm({ ...prompt, voiceKey: '' })).toEqual({
      kind: 'write',
      unspeakable: 'the prompt has a voice but no voice key',
    });
    expect(replyForm({ ...prompt, voiceRegion: '  ' })).toEqual({
      kind: 'write',
      unspeakable: 'the prompt has a voice but no voice region',
    });
  });

  it('writes when the region is not an Azure region name (it becomes part of a host name)', () => {
    expect(replyForm({ ...prompt, voiceRegion: 'evil.example/x' })).toEqual({
      kind: 'write',
      unspeakable: 'the voice region is not an Azure region name',
    });
  });
});
