import { storedVolume } from '../../../lib/browser-storage.js';

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

/**
 * Plays the short two-note alert of a new message, synthesised with the Web Audio API (no sound file),
 * at the stored notification volume (spec 1 §9 `volume`, 0 to 1). Silent at volume 0 or without audio.
 */
export const playNotificationTone = (volume: number = storedVolume()): boolean => {
  if (volume <= 0) return false;
  const Ctor =
    (globalThis as { AudioContext?: AudioContextClass }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctor) return false;
  try {
    context ??= new Ctor();
    const start = context.currentTime;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.4 * volume), start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
    gain.connect(context.destination);
    for (const [index, frequency] of [880, 1320].entries()) {
      const oscillator = context.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, start + index * 0.12);
      oscillator.connect(gain);
      oscillator.start(start + index * 0.12);
      oscillator.stop(start + 0.35);
    }
    return true;
  } catch {
    return false;
  }
};
