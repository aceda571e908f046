import { describe, expect, it } from 'vitest';
import { chipColor, contrastRatio, textOn } from './tag-colors.js';

describe('tag chip colours', () => {
  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // the pale pink: white on it is unreadable, black passes
    expect(contrastRatio('#ffc0cb', '#ffffff')).toBeLessThan(2);
    expect(textOn('#ffc0cb')).toBe('#000000');
    expect(textOn('#fcd')).toBe('#000000');
  });

  it('gives every colour a text of at least 4.5:1 (WCAG AA)', () => {
    for (let r = 0; r <= 255; r += 17)
      for (let g = 0; g <= 255; g += 17)
        for (let b = 0; b <= 255; b += 17) {
          const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
          expect(contrastRatio(hex, textOn(hex))).toBeGreaterThanOrEqual(4.5);
        }
  });

  it('fills a chip without a valid colour in grey', () => {
    expect(chipColor('#12ab3C')).toBe('#12ab3C');
    expect(chipColor('pink')).toBe('#718096');
    expect(chipColor(null)).toBe('#718096');
  });
});
