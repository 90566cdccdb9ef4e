import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { planOrder, type PlanBuyer, type PlanLine } from './plan-order.js';
import { unitPriceFor } from './pricing.js';
import { PAYMENT_TERMS_DAYS } from './schemas/company.js';

const NOW = '2026-11-26T12:00:00.000Z';

const tiers = fc
  .uniqueArray(fc.integer({ min: 51, max: 5000 }), { maxLength: 3 })
  .map((qs) => [...qs].sort((a, b) => a - b))
  .chain((qs) =>
    fc.integer({ min: 2, max: 100_000 }).map((list) => ({
      priceE4: list,
      priceTiers: qs.map((minQuantity, i) => ({ minQuantity, priceE4: Math.max(1, list - (i + 1)) })),
    })),
  );

const line: fc.Arbitrary<PlanLine> = fc
  .record({
    priced: tiers,
    minimumOrderQuantity: fc.constantFrom(1, 50, 100),
    orderMultiple: fc.constantFrom(undefined, 1, 5, 25),
    availableQuantity: fc.integer({ min: 0, max: 5000 }),
    // One line in ten is of an archived product.
    archived: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    quantity: fc.integer({ min: 1, max: 2000 }),
    quoted: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: undefined }),
    discount: fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }),
  })
  .map((r) => ({
    product: {
      ...r.priced,
      minimumOrderQuantity: r.minimumOrderQuantity,
      orderMultiple: r.orderMultiple,
      availableQuantity: r.availableQuantity,
      archived: r.archived,
    },
    quantity: r.quantity,
    quotedUnitPriceE4: r.quoted,
    buyerPrices: r.discount === undefined ? undefined : { discountPercent: r.discount },
  }));

const buyer: fc.Arbitrary<PlanBuyer | null> = fc.option(
  fc.record({
    spendingLimitCents: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
    paymentTerms: fc.constantFrom(null, 'net30' as const, 'net60' as const),
    creditLimitCents: fc.option(fc.integer({ min: 0, max: 100_000_000 }), { nil: null }),
    creditUsedCents: fc.integer({ min: 0, max: 10_000_000 }),
  }),
  { nil: null },
);

const input = fc.record({ buyer, lines: fc.array(line, { minLength: 1, maxLength: 12 }), paymentMethod: fc.constantFrom('card' as const, 'account' as const) });

describe('planOrder (issue 29: the one plan of an order, for the server and the web)', () => {
  it('totals are the sum of the lines, each line its unit price times its quantity rounded half up to the cent once', () => {
    fc.assert(
      fc.property(input, (i) => {
        const plan = planOrder({ ...i, now: NOW });
        expect(plan.lines).toHaveLength(i.lines.length);
        expect(plan.totalCents).toBe(plan.lines.reduce((n, l) => n + l.lineTotalCents, 0));
        for (const [k, l] of plan.lines.entries()) {
          expect(Number.isInteger(l.unitPriceE4) && Number.isInteger(l.lineTotalCents)).toBe(true);
          // Issue 30: unit prices in 1/10,000 dollar; the exact product is rounded once (BigInt oracle).
          expect(l.lineTotalCents).toBe(Number((BigInt(l.unitPriceE4) * BigInt(i.lines[k]!.quantity) + 50n) / 100n));
          if (i.lines[k]!.quotedUnitPriceE4 !== undefined) expect(l.unitPriceE4).toBe(i.lines[k]!.quotedUnitPriceE4);
          // The list price an approver compares against: the tier price, never a company's or a quote's.
          expect(l.listUnitPriceE4).toBe(unitPriceFor(i.lines[k]!.product, i.lines[k]!.quantity));
          if (i.lines[k]!.quotedUnitPriceE4 === undefined) expect(l.unitPriceE4).toBeLessThanOrEqual(l.listUnitPriceE4);
        }
      }),
    );
  });

  it('the status follows the spending limit, the payment method and the terms; an invoice is due on the terms', () => {
    fc.assert(
      fc.property(input, (i) => {
        const plan = planOrder({ ...i, now: NOW });
        const limit = i.buyer?.spendingLimitCents ?? null;
        const awaiting = limit !== null && plan.totalCents > limit;
        const terms = i.buyer?.paymentTerms ?? null;
        const expected = awaiting ? 'awaiting_approval' : i.paymentMethod === 'account' && terms ? 'invoiced' : 'pending';
        expect(plan.status).toBe(expected);
        expect(plan.dueDate).toBe(plan.status === 'invoiced' ? new Date(Date.parse(NOW) + PAYMENT_TERMS_DAYS[terms!] * 86_400_000).toISOString() : null);
        expect(plan.accountRefused).toBe(i.paymentMethod === 'account' && !terms);
      }),
    );
  });

  it('credit: an account order needs its total, and is over the limit exactly when used plus needed exceeds it', () => {
    fc.assert(
      fc.property(input, (i) => {
        const plan = planOrder({ ...i, now: NOW });
        expect(plan.creditNeededCents).toBe(i.paymentMethod === 'account' ? plan.totalCents : 0);
        const limit = i.buyer?.creditLimitCents ?? null;
        expect(plan.overCreditLimit).toBe(i.paymentMethod === 'account' && limit !== null && (i.buyer?.creditUsedCents ?? 0) + plan.totalCents > limit);
      }),
    );
  });

  it("a buyer's problem is answered 400 whatever else is wrong; stock or credit alone 409; nothing wrong: placeable", () => {
    fc.assert(
      fc.property(input, (i) => {
        const plan = planOrder({ ...i, now: NOW });
        const kinds = plan.lines.flatMap((l) => (l.problem ? [l.problem.kind] : []));
        if (kinds.includes('buyer')) expect(plan.refusal).toBe(400);
        else if (kinds.length || plan.overCreditLimit || plan.accountRefused) expect(plan.refusal).toBe(409);
        else expect(plan.refusal).toBeNull();
        for (const [k, l] of plan.lines.entries()) {
          const { product, quantity } = i.lines[k]!;
          if (product.archived) expect(l.problem).toEqual({ kind: 'buyer', message: MESSAGES.productUnavailable });
          // Only stock is the shop's side: more stock would have made the line fine.
          if (l.problem?.kind === 'stock') {
            expect(quantity).toBeGreaterThan(product.availableQuantity);
            const more = planOrder({ ...i, lines: [{ ...i.lines[k]!, product: { ...product, availableQuantity: quantity } }], now: NOW });
            expect(more.lines[0]!.problem).toBeNull();
          }
        }
      }),
    );
  });

  it('is the same plan for the same input (no clock, no randomness)', () => {
    fc.assert(
      fc.property(input, (i) => {
        expect(planOrder({ ...i, now: NOW })).toEqual(planOrder({ ...i, now: NOW }));
      }),
    );
  });
});
