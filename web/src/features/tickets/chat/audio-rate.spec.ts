import { describe, expect, it } from 'vitest';
import { nextAudioRate, storedAudioRate } from './audio-rate.js';

describe('nextAudioRate', () => {
  it('cycles 0.5, 1, 1.5, 2', () => {
    expect([0.5, 1, 1.5, 2].map(nextAudioRate)).toEqual([1, 1.5, 2, 0.5]);
  });
});

describe('audio', () => {
  it('reads the stored playback rate, 1 when missing or unknown', () => {
    localStorage.removeItem('audioMessageRate');
    expect(storedAudioRate()).toBe(1);
    localStorage.setItem('audioMessageRate', '1.5');
    expect(storedAudioRate()).toBe(1.5);
    localStorage.setItem('audioMessageRate', '3');
    expect(storedAudioRate()).toBe(1);
    localStorage.removeItem('audioMessageRate');
  });
});
