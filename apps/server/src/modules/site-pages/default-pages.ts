import type { SitePageSlug } from '@bulkparts/shared';

/**
 * The starting text of the pages admins edit (issue 33): what the shop does today, in plain words,
 * for the shop's operator to adapt before going live. Shown until an admin saves the page.
 */
export const DEFAULT_PAGES: Record<SitePageSlug, { title: string; body: string }> = {
  terms: {
    title: 'Terms of sale',
    body: `These terms apply to every order placed at bulkparts, whether through the shop, the quick order pad, a requisition list, an accepted quote or the API.

## Who sells
The seller is named on every order confirmation and invoice, with its address and registration details.

## Orders and quantities
An order line holds from the product's minimum (at least 50 pieces) to 1,000 pieces, in the product's pack multiple when it has one. For more than 1,000 pieces, or a price of your own, ask for a quote: a quote is valid until the date it names, and accepting it places an order at exactly its prices and quantities.

## Prices
Prices are per piece. A product's quantity breaks price every piece of a line by the quantity the whole line reaches. A company may have its own prices or a discount, shown to its members. The price charged is the one shown when the order is placed.

## Paying
Orders are paid by card, or, for a company granted terms, on account: the invoice is then due 30 or 60 days after the order, and a company's open invoices may not exceed its credit limit. An order left unpaid past its deadline expires and its pieces go back on sale.

## Company accounts and approvals
An order above a buyer's spending limit waits for an approver of the buyer's company; an order not approved within 14 days is rejected, and nothing is charged.

## Delivery
Every order is shipped to the ship-to given with it. We tell you when it ships, with the carrier and tracking number.

## Cancelling
An order can be cancelled until it is paid; a paid order that has not shipped can be refunded by us on request.

## Contact
Questions about an order: see the Contact page.`,
  },
  privacy: {
    title: 'Privacy',
    body: `This notice says what bulkparts keeps about you, why, and for how long.

## What we keep
- Your account: name, email address, the password's hash (never the password) and, if you turn it on, your two-step sign-in secret.
- Your profile: phone, address and photo, if you give them.
- Your orders, quotes, carts and requisition lists, with the ship-to and PO numbers given with them.
- Your company membership, role and spending limit, when you belong to a company.
- For a card payment, the card's brand and last four digits only; the card itself goes to the payment provider.

## Why
To take and deliver your orders, invoice them, answer your quotes, let your company's approvers see what they approve, and keep the records the law asks of a seller.

## Cookies
One cookie keeps you signed in; it is not readable by scripts and is not shared with anyone. A cart you fill before signing in is kept in your browser until you sign in. There are no advertising or tracking cookies.

## Mail
We mail you about your account and your orders only. Invitations to a company are sent by its admins.

## How long
Your account and profile are kept until the account is removed; orders and invoices are kept as long as the law asks a seller to keep them.

## Your rights
You may ask what we keep about you, ask us to correct it, or to remove your account: see the Contact page.`,
  },
};
