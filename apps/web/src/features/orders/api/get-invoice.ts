/**
 * `GET /api/purchase/:id/invoice` (PDF). Used as a plain `<a href download>` link: the browser
 * downloads it with the session cookie and names it from Content-Disposition, with no file in memory.
 */
export function invoiceUrl(orderId: string): string {
  return `/api/purchase/${encodeURIComponent(orderId)}/invoice`;
}

/** Whether the order has an invoice to download: once numbered (paid), and an order on account from the start (issue 18). */
export function hasInvoice(order: { invoiceNumber: number | null; status: string }): boolean {
  return order.invoiceNumber !== null || order.status === 'invoiced';
}
