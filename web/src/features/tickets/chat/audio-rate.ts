export const AudioRates = [0.5, 1, 1.5, 2] as const;
export const AudioRateStorageKey = 'audioMessageRate';

/** The next playback rate: 0.5 → 1 → 1.5 → 2 → 0.5. */
export const nextAudioRate = (rate: number): number => {
  const index = AudioRates.findIndex((r) => r === rate);
  return AudioRates[(index + 1) % AudioRates.length] ?? 1;
};

/** The stored playback rate (spec 1 §4 audioMessageRate), 1 when missing or unknown. */
export const storedAudioRate = (): number => {
  const value = Number(localStorage.getItem(AudioRateStorageKey));
  return (AudioRates as readonly number[]).includes(value) ? value : 1;
};
