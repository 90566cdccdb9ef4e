import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { createInvoiceRenderer, INVOICE_UNAVAILABLE_MESSAGE, type InvoiceRenderer } from '../../src/modules/payments/invoice-renderer.js';
import { PAID_ORDER_ROW } from './paid-order-row.js';
import { boundInvoiceInput, INVOICE_LONG_TEXT_LIMIT, INVOICE_TEXT_LIMIT } from '../../src/modules/payments/invoice-text.js';
import { boundText } from '../../src/lib/pdf-text.js';

/**
 * The invoice renderer keeps pdfkit off the event loop: every text is bounded first, each render
 * runs in a worker thread with a time limit, and the main thread stays free meanwhile.
 * (No database: runs the same on both engines.)
 */
const order = PAID_ORDER_ROW;
const MIB = 1024 * 1024;

/** Runs `work` while sampling the main thread every 10 ms; returns its result and the longest gap between samples. */
async function whileSampling<T>(work: () => Promise<T>): Promise<{ result: T; maxGapMs: number }> {
  let last = performance.now();
  let maxGapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
  }, 10);
  try {
    return { result: await work(), maxGapMs };
  } finally {
    clearInterval(timer);
  }
}

describe('bounding the text of an invoice', () => {
  it('cuts long text with an ellipsis and keeps short text as it is', () => {
    expect(boundText('short', 10)).toBe('short');
    expect(boundText('x'.repeat(11), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(boundText('x'.repeat(11), 10)).toHaveLength(10);
    // never half a surrogate pair
    expect(boundText(`${'x'.repeat(8)}😀😀`, 10)).toBe(`${'x'.repeat(8)}…`);
  });

  it('bounds every string of the input, wherever it is, and leaves the rest alone', () => {
    const long = 'y'.repeat(MIB);
    const [o, buyer] = boundInvoiceInput([
      { ...order, product_name: long, user_email: long },
      { name: long, address: long, lines: [long] },
    ] as const);
    expect(o.product_name).toHaveLength(INVOICE_TEXT_LIMIT);
    expect(o.user_email).toHaveLength(INVOICE_TEXT_LIMIT);
    expect(o.total_cents).toBe(12_500);
    expect(o.shipped_at).toBeNull();
    expect(buyer.name).toHaveLength(INVOICE_TEXT_LIMIT);
    expect(buyer.address).toHaveLength(INVOICE_LONG_TEXT_LIMIT);
    expect(buyer.lines[0]).toHaveLength(INVOICE_TEXT_LIMIT);
  });
});

describe('rendering invoices off the event loop', () => {
  const renderers: InvoiceRenderer[] = [];
  const renderer = (opts: Parameters<typeof createInvoiceRenderer>[0] = {}) => {
    const r = createInvoiceRenderer(opts);
    renderers.push(r);
    return r;
  };
  afterAll(async () => {
    await Promise.all(renderers.map((r) => r.close()));
  });

  it('renders a PDF in a worker thread', { timeout: 30_000 }, async () => {
    const pdf = await renderer().render(order, { name: 'Ada Buyer', address: '1 Main St\nSpringfield' });
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
  });

  it('a 1 MiB name (and product name) is bounded and renders quickly, the main thread never blocked', { timeout: 30_000 }, async () => {
    const r = renderer();
    await r.render(order, { name: 'warm-up', address: null }); // the worker's start-up is not what is measured
    const huge = 'W'.repeat(MIB);
    const started = performance.now();
    const { result: pdf, maxGapMs } = await whileSampling(() => r.render({ ...order, product_name: huge }, { name: huge, address: huge }));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(maxGapMs).toBeLessThan(100);
  });

  it('a render over its time limit is terminated and answers 503 "try again"; the next render works', { timeout: 30_000 }, async () => {
    // 1 ms is less than any render (a worker's start alone takes longer), so this one runs over.
    const r = renderer({ timeoutMs: 1 });
    const { result: outcome, maxGapMs } = await whileSampling(() => r.render(order, { name: 'x'.repeat(MIB), address: null }).catch((e: unknown) => e));
    expect(outcome).toBeInstanceOf(AppError);
    expect(outcome).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE', message: INVOICE_UNAVAILABLE_MESSAGE });
    expect(maxGapMs).toBeLessThan(100);

    const ok = renderer({ timeoutMs: 20_000 });
    expect((await ok.render(order, { name: 'After', address: null })).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('renders at most `concurrency` at once and queues the rest; a full queue answers 503 at once', { timeout: 60_000 }, async () => {
    const r = renderer({ concurrency: 1, maxQueue: 3 });
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => r.render(order, { name: `Buyer ${i}`, address: null })));
    const ok = results.filter((x) => x.status === 'fulfilled');
    const refused = results.filter((x): x is PromiseRejectedResult => x.status === 'rejected');
    // one rendering + three waiting
    expect(ok).toHaveLength(4);
    expect(refused).toHaveLength(2);
    for (const x of refused) expect(x.reason).toMatchObject({ statusCode: 503 });
  });

  it('after close() it refuses new renders', async () => {
    const r = renderer();
    await r.close();
    await expect(r.render(order, { name: 'Late', address: null })).rejects.toMatchObject({ statusCode: 503 });
  });
});
