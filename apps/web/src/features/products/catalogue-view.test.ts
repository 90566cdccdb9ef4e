import { describe, expect, it } from 'vitest';
import { layoutFrom, pageSizeOf, withLayout } from './catalogue-view';

const params = (qs: string) => new URLSearchParams(qs);

describe('the catalogue layout', () => {
  it('takes the URL first, then what was remembered, then cards', () => {
    expect(layoutFrom(params(''), null)).toEqual({ view: 'grid', rows: 25 });
    expect(layoutFrom(params(''), { view: 'list', rows: 100 })).toEqual({ view: 'list', rows: 100 });
    expect(layoutFrom(params('view=grid'), { view: 'list', rows: 100 })).toEqual({ view: 'grid', rows: 100 });
    expect(layoutFrom(params('view=list&limit=50'), null)).toEqual({ view: 'list', rows: 50 });
    expect(layoutFrom(params('view=table&limit=7'), null)).toEqual({ view: 'grid', rows: 25 });
  });

  it('reads 9 cards or the list rows, and writes the view into the URL beside the filters', () => {
    expect(pageSizeOf({ view: 'grid', rows: 100 })).toBe(9);
    expect(pageSizeOf({ view: 'list', rows: 50 })).toBe(50);
    expect(withLayout(params('q=bolt&limit=50'), { view: 'grid', rows: 50 }).toString()).toBe('q=bolt&view=grid');
    expect(withLayout(params('q=bolt'), { view: 'list', rows: 100 }).toString()).toBe('q=bolt&view=list&limit=100');
  });
});
