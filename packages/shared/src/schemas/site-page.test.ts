import { describe, expect, it } from 'vitest';
import { sitePageBlocks } from './site-page.js';

describe('site page text', () => {
  it('reads headings, paragraphs and lists from plain text', () => {
    expect(sitePageBlocks('## Orders\nEvery order is confirmed.\n\nWe deliver\nin the EU.\r\n\r\n- Card\n- Bank transfer\n\n## Returns')).toEqual([
      { kind: 'heading', text: 'Orders' },
      { kind: 'paragraph', text: 'Every order is confirmed.' },
      { kind: 'paragraph', text: 'We deliver in the EU.' },
      { kind: 'list', items: ['Card', 'Bank transfer'] },
      { kind: 'heading', text: 'Returns' },
    ]);
    expect(sitePageBlocks('  \n\n ')).toEqual([]);
  });
});
