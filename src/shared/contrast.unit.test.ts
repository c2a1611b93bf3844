import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';

describe('contrastRatio', () => {
  it('answers the WCAG figures for known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The site's own indigo on white: 6.29 by the WebAIM checker.
    expect(contrastRatio('#4f46e5', '#ffffff')).toBeCloseTo(6.29, 2);
    // #767676 is the lightest grey that passes AA on white (4.54).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('is the same either way round', () => {
    expect(contrastRatio('#ffffff', '#4f46e5')).toBe(contrastRatio('#4f46e5', '#ffffff'));
  });
});
