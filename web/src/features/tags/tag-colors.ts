// the one definition, shared with the contact import that creates tags on the server
export { randomTagColor } from '@sb/contracts';

/** Black or white text, whichever reads better on the tag's colour. */
export const textOn = (hex: string): string => {
  const value = Number.parseInt(hex.slice(1), 16);
  if (Number.isNaN(value)) return '#000000';
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#000000' : '#ffffff';
};
