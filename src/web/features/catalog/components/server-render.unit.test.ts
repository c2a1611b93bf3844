import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../../../shared/image-widths';
import { ListingImage } from '../../../components/listing/listing-image';
import { Router } from 'wouter';
import { listingSorts } from '../../../../shared/listing-sorts';
import { activeFilterChips } from '../active-filters';
import { filtersFromParams, filtersToParams } from '../listing-filters';
import { ActiveFilterChips } from './active-filter-chips';
import { FilterPanel } from './filter-panel';
import { SortControl } from './sort-control';
import { SearchForm } from './search-form';

/** Every `<name ...>` tag of the markup as its attributes, whatever order React writes them in. */
function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*?)/?>`, 'g'))].map((match) =>
    Object.fromEntries([...match[1]!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((attribute) => [attribute[1]!, attribute[2] ?? ''])),
  );
}

const withName = (html: string, name: string) => tags(html, '(?:input|select)').filter((attributes) => attributes.name === name);

// What a server render of the catalogue's forms and pictures sends before any script runs: the
// forms must work as plain HTML, and pictures must carry their size and widths.

describe('server-rendered catalogue forms', () => {
  it('the filter panel is a GET form with named choices, the kept search, and an Apply button that lands on the results', () => {
    const html = renderToString(
      createElement(FilterPanel, {
        type: 'services',
        filters: filtersFromParams(new URLSearchParams('price=under-100&delivery=1-3,8-14&rating=4')),
        onChange: () => {},
        form: { action: '/services', keep: [['search', 'seo "audit"']] },
        categories: [{ id: 7, name: 'SEO', isSubcategory: false }],
      }),
    );
    expect(tags(html, 'form')[0]).toMatchObject({ method: 'get', action: '/services#results' });
    expect(withName(html, 'search')).toEqual([expect.objectContaining({ type: 'hidden', value: 'seo &quot;audit&quot;' })]);
    expect(withName(html, 'sort')).toEqual([]);
    expect(withName(html, 'categoryId')).toHaveLength(1);
    expect(withName(html, 'price').filter((input) => 'checked' in input)).toEqual([expect.objectContaining({ type: 'radio', value: 'under-100' })]);
    expect(withName(html, 'delivery').filter((input) => 'checked' in input).map((input) => input.value)).toEqual(['1-3', '8-14']);
    expect(withName(html, 'rating').filter((input) => 'checked' in input)).toEqual([expect.objectContaining({ type: 'radio', value: '4' })]);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Apply filters<\/button>/);
  });

  it('the sort is its own GET form above the results, offering every listed sort, with a Sort button', () => {
    const html = renderToString(
      createElement(SortControl, { sort: 'margin', searching: false, onChange: () => {}, form: { action: '/tools', keep: [['price', '100-500']] } }),
    );
    expect(tags(html, 'form')[0]).toMatchObject({ method: 'get', action: '/tools#results' });
    expect(withName(html, 'price')).toEqual([expect.objectContaining({ type: 'hidden', value: '100-500' })]);
    expect(tags(html, 'option').map((option) => option.value)).toEqual(['', ...listingSorts]);
    expect(tags(html, 'option').filter((option) => 'selected' in option).map((option) => option.value)).toEqual(['margin']);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Sort<\/button>/);
  });

  it('each chip is a link to the results without it, and Clear all keeps the search', () => {
    const filters = filtersFromParams(new URLSearchParams('search=crm&price=under-100&rating=4'));
    const html = renderToString(
      createElement(
        Router,
        { ssrPath: '/tools', ssrSearch: 'search=crm&price=under-100&rating=4', children: null },
        createElement(ActiveFilterChips, {
          chips: activeFilterChips('tools', filters, []),
          hrefWith: (change) => `/tools?${filtersToParams({ ...filters, page: 1, ...change }).toString()}`,
          clearHref: '/tools?search=crm',
        }),
      ),
    );
    expect(tags(html, 'a').map((link) => [link['aria-label'] ?? 'Clear all', link.href])).toEqual([
      ['Remove filter: Under $100', '/tools?search=crm&amp;rating=4'],
      ['Remove filter: 4+ stars', '/tools?search=crm&amp;price=under-100'],
      ['Clear all', '/tools?search=crm'],
    ]);
  });

  it('the search form is a GET form whose box has a name and which keeps the filters', () => {
    const html = renderToString(
      createElement(SearchForm, {
        initialTerm: 'crm',
        placeholder: 'Search tools...',
        label: 'Search tools',
        form: { action: '/category/seo', keep: [['type', 'tools'], ['price', '100-500']] },
        onSearch: () => {},
      }),
    );
    expect(tags(html, 'form')[0]).toMatchObject({ role: 'search', method: 'get', action: '/category/seo' });
    expect(withName(html, 'type')).toEqual([expect.objectContaining({ type: 'hidden', value: 'tools' })]);
    expect(withName(html, 'price')).toEqual([expect.objectContaining({ type: 'hidden', value: '100-500' })]);
    expect(withName(html, 'search')).toEqual([expect.objectContaining({ type: 'search', value: 'crm' })]);
  });
});

describe('server-rendered pictures', () => {
  it('a stored picture has its size, the fixed widths, and loads lazily by default', () => {
    const html = renderToString(createElement(ListingImage, { src: '/api/images/abc', alt: '' }));
    expect(tags(html, 'img')[0]).toMatchObject({
      width: '800',
      height: '450',
      srcSet: IMAGE_WIDTHS.map((width) => `/api/images/abc?w=${width} ${width}w`).join(', '),
      loading: 'lazy',
    });
  });

  it('the main picture is fetched first and preloaded in the same render', () => {
    const html = renderToString(createElement(ListingImage, { src: '/api/images/main', alt: 'Main', priority: 'high', sizes: '100vw' }));
    expect(tags(html, 'link')).toEqual([
      expect.objectContaining({ rel: 'preload', as: 'image', fetchPriority: 'high', imageSrcSet: expect.stringContaining('/api/images/main?w=320 320w'), imageSizes: '100vw' }),
    ]);
    expect(tags(html, 'img')[0]).toMatchObject({ loading: 'eager', fetchPriority: 'high' });
  });

  it('an outside address is shown as it is, without widths the image route cannot make', () => {
    const html = renderToString(createElement(ListingImage, { src: 'https://cdn.example/a.png', alt: '' }));
    expect(html).not.toContain('srcSet');
    expect(html).toContain('src="https://cdn.example/a.png"');
  });
});
