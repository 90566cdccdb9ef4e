import { describe, expect, it } from 'vitest';
import { productQueryString } from './api/get-products';
import {
  EMPTY_FILTERS,
  changeFilters,
  filterParams,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasFilters,
  listFilters,
  toggleAttribute,
  toggled,
} from './product-filters';

const parse = (qs: string) => filtersFromSearchParams(new URLSearchParams(qs));

describe('catalogue filters in the URL', () => {
  it('reads every filter, repeated keys as lists', () => {
    const state = parse(
      'q=bolt&category=bolts&brand=Acme&brand=Bolton&attr.Thread=M8&attr.Thread=M10&attr.Material=Steel&minPrice=0.5&maxPrice=2&inStock=true&sort=price-asc&page=3',
    );
    expect(state).toEqual({
      q: 'bolt',
      category: 'bolts',
      brands: ['Acme', 'Bolton'],
      attributes: { Thread: ['M8', 'M10'], Material: ['Steel'] },
      minPrice: 0.5,
      maxPrice: 2,
      inStock: true,
      sort: 'price-asc',
      page: 3,
    });
  });

  it('gives the defaults for an empty or malformed URL, never throws', () => {
    expect(parse('')).toEqual(EMPTY_FILTERS);
    expect(parse('page=-2&sort=cheapest&minPrice=abc&maxPrice=-1&inStock=yes&brand=&attr.=x&attr.Thread=')).toEqual(EMPTY_FILTERS);
    expect(parse('page=2.7').page).toBe(2);
    expect(parse('brand=Acme&brand=Acme').brands).toEqual(['Acme']);
  });

  it('keeps relevance only with search text', () => {
    expect(parse('sort=relevance').sort).toBeNull();
    expect(parse('q=nut&sort=relevance').sort).toBe('relevance');
    expect(changeFilters(parse('q=nut&sort=relevance'), { q: '' }).sort).toBeNull();
  });

  it('writes back what it read (a reload shows the same list), leaving defaults out', () => {
    const qs = 'q=bolt&category=bolts&brand=Acme&brand=Bolton&attr.Material=Steel&attr.Thread=M8&minPrice=0.5&maxPrice=2&inStock=true&sort=name&page=2';
    expect(filtersToSearchParams(parse(qs)).toString()).toBe(qs);
    expect(filtersToSearchParams(EMPTY_FILTERS).toString()).toBe('');
    expect(filtersToSearchParams({ ...EMPTY_FILTERS, attributes: { 'Head type': ['Hex & flange'] } }).toString()).toBe('attr.Head+type=Hex+%26+flange');
    expect(parse(filtersToSearchParams({ ...EMPTY_FILTERS, attributes: { 'Head type': ['Hex & flange'] } }).toString()).attributes).toEqual({
      'Head type': ['Hex & flange'],
    });
  });

  it('sends page 1 again whenever a filter changes', () => {
    const state = parse('brand=Acme&page=4&sort=name');
    const next = changeFilters(state, { brands: toggled(state.brands, 'Bolton') });
    expect(next.page).toBe(1);
    expect(next.brands).toEqual(['Acme', 'Bolton']);
    expect(next.sort).toBe('name');
    expect(filtersToSearchParams(next).get('page')).toBeNull();
  });

  it('toggles values and drops a specification left with none', () => {
    expect(toggled(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggled(['a'], 'c')).toEqual(['a', 'c']);
    expect(toggleAttribute({ Thread: ['M8'] }, 'Thread', 'M8')).toEqual({});
    expect(toggleAttribute({ Thread: ['M8'] }, 'Material', 'Steel')).toEqual({ Thread: ['M8'], Material: ['Steel'] });
  });

  it('counts only narrowing params as filters', () => {
    expect(hasFilters(parse('sort=name&page=3'))).toBe(false);
    expect(hasFilters(parse('inStock=true'))).toBe(true);
    expect(filterParams(parse('q=x&sort=name&page=2')).toString()).toBe('q=x');
  });

  it('gives the API the same query string as the page', () => {
    const state = parse('category=bolts&brand=Acme&brand=Bolton&attr.Thread=M8&inStock=true&maxPrice=3');
    expect(listFilters(EMPTY_FILTERS)).toEqual({});
    expect(productQueryString({ ...listFilters(state), page: 2, limit: 12 })).toBe(
      '?category=bolts&brand=Acme&brand=Bolton&attr.Thread=M8&maxPrice=3&inStock=true&page=2&limit=12',
    );
  });
});
