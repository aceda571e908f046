/** Spec 3 §9: a new tag starts with a random colour (hex, no alpha). */
export const randomTagColor = (random: () => number = Math.random): string =>
  `#${Math.floor(random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')}`;
