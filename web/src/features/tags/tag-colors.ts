// the one definition, shared with the contact import that creates tags on the server
export { randomTagColor } from '@sb/contracts';

/** The colour's channels from #rgb or #rrggbb; null when it is not one. */
const channels = (hex: string): [number, number, number] | null => {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex);
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (short) return [short[1]!, short[2]!, short[3]!].map((c) => parseInt(c + c, 16)) as never;
  if (long) return [long[1]!, long[2]!, long[3]!].map((c) => parseInt(c, 16)) as never;
  return null;
};

/** WCAG 2 relative luminance of a hex colour (0 black .. 1 white). */
export const relativeLuminance = (hex: string): number => {
  const rgb = channels(hex) ?? [255, 255, 255];
  const [r, g, b] = rgb.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

/** WCAG 2 contrast ratio between two hex colours (1 .. 21). */
export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

/**
 * Black or white text, whichever contrasts more with the tag's colour. One of the two always reaches
 * 4.5:1 (WCAG AA for normal text) whatever the colour, so every tag chip reads.
 */
export const textOn = (hex: string): string =>
  contrastRatio(hex, '#000000') >= contrastRatio(hex, '#ffffff') ? '#000000' : '#ffffff';

/** A colour a chip can be filled with: the tag's hex, or a neutral grey when it has none valid. */
export const chipColor = (hex: string | null | undefined): string =>
  hex && channels(hex) ? hex : '#718096';
