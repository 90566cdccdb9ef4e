import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category, ProductFacets } from '@bulkparts/shared';
import { EMPTY_FILTERS, type ProductFilterState } from '../product-filters';
import { FilterPanel } from './filter-panel';

afterEach(cleanup);

const categories: Category[] = [
  { slug: 'fasteners', name: 'Fasteners', parent: null, count: 30 },
  { slug: 'bolts', name: 'Bolts', parent: 'fasteners', count: 12 },
  { slug: 'bearings', name: 'Bearings', parent: null, count: 9 },
];
const facets: ProductFacets = {
  total: 7,
  categories: [
    { slug: 'fasteners', count: 7 },
    { slug: 'bolts', count: 5 },
  ],
  brands: [
    { value: 'Norfast', count: 5 },
    { value: 'Steelcraft', count: 2 },
  ],
  attributes: {
    Thread: [
      { value: 'M8', count: 3 },
      { value: 'M10', count: 2 },
    ],
    Material: [{ value: 'Steel', count: 7 }],
  },
  price: { min: 0.05, max: 3.2 },
};

function renderPanel(state: Partial<ProductFilterState> = {}) {
  const onChange = vi.fn();
  const onClear = vi.fn();
  render(
    <MemoryRouter>
      <FilterPanel state={{ ...EMPTY_FILTERS, page: 3, ...state }} onChange={onChange} onClear={onClear} facets={facets} categories={categories} />
    </MemoryRouter>,
  );
  return { onChange, onClear, user: userEvent.setup({ delay: null }) };
}

describe('FilterPanel', () => {
  it('nests the category tree, marks the chosen one and links to it with the other filters kept', () => {
    renderPanel({ category: 'bolts', brands: ['Norfast'] });
    const bolts = screen.getByRole('link', { name: 'Bolts 5 products' });
    expect(bolts.getAttribute('aria-current')).toBe('true');
    expect(bolts.closest('ul')?.closest('li')?.querySelector('a')?.textContent).toContain('Fasteners');
    // Counts are the facets'; a category the other filters leave empty (bearings) is left out (issue 33).
    expect(screen.queryByRole('link', { name: /^Bearings/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Fasteners 7 products' }).getAttribute('href')).toBe('/products?category=fasteners&brand=Norfast');
    expect(screen.getByRole('link', { name: 'All categories' }).getAttribute('href')).toBe('/products?brand=Norfast');
  });

  it('lists every category, empty ones too, while nothing but a category is chosen', () => {
    renderPanel({ category: 'bolts' });
    expect(screen.getByRole('link', { name: 'Bearings 0 products' }).getAttribute('href')).toBe('/products?category=bearings');
  });

  it('labels checkboxes with their counts, groups specifications by name, and resets the page on a change', async () => {
    const { onChange, user } = renderPanel();
    const brands = screen.getByRole('group', { name: 'Brand' });
    await user.click(within(brands).getByRole('checkbox', { name: 'Steelcraft (2)' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, brands: ['Steelcraft'], page: 1 });

    const thread = screen.getByRole('group', { name: 'Thread' });
    await user.click(within(thread).getByRole('checkbox', { name: 'M10 (2)' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, attributes: { Thread: ['M10'] }, page: 1 });

    const toggle = within(screen.getByRole('group', { name: 'Material' })).getByRole('button', { name: 'Material' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('checkbox', { name: 'Steel (7)' })).toBeNull();
  });

  it('keeps a chosen value the facets no longer count, so it can be unchecked', () => {
    renderPanel({ brands: ['Gone Brand'] });
    const box = screen.getByRole('checkbox', { name: 'Gone Brand (0)' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
  });

  it('applies the price on leaving the box or Enter, not on every keystroke, and swaps reversed bounds', async () => {
    const { onChange, user } = renderPanel();
    await user.type(screen.getByRole('spinbutton', { name: 'Min' }), '5');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, minPrice: 5, page: 1 });
    cleanup();

    const next = renderPanel({ minPrice: 5 });
    const max = screen.getByRole('spinbutton', { name: 'Max' });
    await next.user.type(max, '2');
    // Enter in a box sends its form (happy-dom has no implicit submission, so the test sends it).
    fireEvent.submit(max.closest('form')!);
    expect(next.onChange).toHaveBeenCalledTimes(1);
    expect(next.onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, minPrice: 2, maxPrice: 5, page: 1 });
  });

  it('offers Clear filters only when something is filtered', async () => {
    renderPanel({ sort: 'name' });
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    cleanup();
    const { onClear, user } = renderPanel({ inStock: true });
    expect((screen.getByRole('checkbox', { name: 'In stock only' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
