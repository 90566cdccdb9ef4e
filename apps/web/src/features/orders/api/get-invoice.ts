/**
 * `GET /api/purchase/:id/invoice` (PDF). Used as a plain `<a href download>` link: the browser
 * downloads it with the session cookie and names it from Content-Disposition, with no file in memory.
 */
export function invoiceUrl(orderId: string): string {
  return `/api/purchase/${encodeURIComponent(orderId)}/invoice`;
}
