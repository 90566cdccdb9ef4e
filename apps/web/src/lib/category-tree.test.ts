import { describe, expect, it } from 'vitest';
import type { Category } from '@bulkparts/shared';
import { categoryOptions } from './category-tree';

const c = (slug: string, parent: string | null): Category => ({ slug, name: slug.toUpperCase(), parent, count: 0 });
const tree = [c('fasteners', null), c('bearings', null), c('bolts', 'fasteners'), c('hex-bolts', 'bolts'), c('nuts', 'fasteners'), c('ball', 'bearings')];

describe('categoryOptions', () => {
  it('lists each category after its parent, indented by depth, siblings in the API’s order', () => {
    expect(categoryOptions(tree).map((o) => [o.slug, o.depth, o.label])).toEqual([
      ['fasteners', 0, 'FASTENERS'],
      ['bolts', 1, '\u00a0\u00a0BOLTS'],
      ['hex-bolts', 2, '\u00a0\u00a0\u00a0\u00a0HEX-BOLTS'],
      ['nuts', 1, '\u00a0\u00a0NUTS'],
      ['bearings', 0, 'BEARINGS'],
      ['ball', 1, '\u00a0\u00a0BALL'],
    ]);
  });

  it('leaves out a category and all under it (where it may not move), and shows an orphan at the top', () => {
    expect(categoryOptions(tree, { exclude: 'bolts' }).map((o) => o.slug)).toEqual(['fasteners', 'nuts', 'bearings', 'ball']);
    expect(categoryOptions([c('lost', 'gone')]).map((o) => [o.slug, o.depth])).toEqual([['lost', 0]]);
  });
});
