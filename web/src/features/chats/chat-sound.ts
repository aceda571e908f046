import { storedVolume } from '../../lib/browser-storage.js';

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

/**
 * A short two-tone chime for a new internal chat message, at the volume slider's level (0 mutes).
 * Made with Web Audio, so no sound file ships; a browser that blocks audio before a click stays silent.
 */
export const playChatSound = (volume: number = storedVolume()): void => {
  if (volume <= 0) return;
  const Context = (globalThis as { AudioContext?: AudioContextClass }).AudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    const now = context.currentTime;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.25 * volume, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.35);
    gain.connect(context.destination);
    [880, 1320].forEach((frequency, index) => {
      const tone = context!.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(now + index * 0.12);
      tone.stop(now + 0.35);
    });
  } catch {
    // no audio output: the unread dot still tells
  }
};
