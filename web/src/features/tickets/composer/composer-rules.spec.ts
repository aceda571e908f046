import { describe, expect, it } from 'vitest';
import { composeBody, filterQuickReplies, keepsRecording } from './composer-rules.js';

describe('composer helpers', () => {
  it('filters quick replies only after "/"', () => {
    const replies = [{ shortcode: 'hello' }, { shortcode: 'bye' }];
    expect(filterQuickReplies('hel', replies)).toEqual([]);
    expect(filterQuickReplies('/HE', replies)).toEqual([{ shortcode: 'hello' }]);
    expect(filterQuickReplies('/', replies)).toHaveLength(2);
  });
  it('asks the server to sign public messages only and refuses empty text', () => {
    expect(composeBody('  ', { sign: true, isPrivate: false })).toBeNull();
    expect(composeBody(' hi ', { sign: true, isPrivate: false })).toEqual({
      body: 'hi',
      signMessage: true,
    });
    expect(composeBody('hi', { sign: true, isPrivate: true })?.signMessage).toBe(false);
  });
});

describe('audio', () => {
  it('keeps recordings of 10,000 bytes or more', () => {
    expect(keepsRecording(9_999)).toBe(false);
    expect(keepsRecording(10_000)).toBe(true);
  });
});
