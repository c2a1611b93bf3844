import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { categoryIcons } from '../../shared/category-icons';
import { CategoryIcon } from './category-icon';
import { iconNames } from './ui/icon-names';

const drawn = (name: string | null) => /<use href="[^"#]*#([^"]+)"/.exec(renderToStaticMarkup(createElement(CategoryIcon, { name })))?.[1];

describe('category icons', () => {
  it('accepts only icons the sprite carries, and draws each one under its own name', () => {
    for (const name of categoryIcons) {
      expect(iconNames, name).toContain(name);
      expect(drawn(name), name).toBe(name);
    }
  });

  it('reads names stored before they were checked as the lucide icon they stand for, else a folder', () => {
    expect(drawn('bar-chart-3')).toBe('chart-column');
    expect(drawn('fas fa-chart-line')).toBe('chart-line');
    expect(drawn('BarChart3')).toBe('chart-column');
    expect(drawn('no-such-icon')).toBe('folder');
    expect(drawn(null)).toBe('folder');
  });
});
