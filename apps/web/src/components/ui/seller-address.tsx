import { sellerAddressLines, type PublicSeller } from '@bulkparts/shared';

/**
 * The seller's name and postal address, a line each, as every page shows it (issue 30): the same
 * lines (`sellerAddressLines`) the invoices print, so the Contact page and an invoice never differ.
 */
export function SellerAddress({
  seller,
  withName = true,
  className,
}: {
  seller: Pick<PublicSeller, 'legalName' | 'address' | 'country'>;
  withName?: boolean;
  className?: string;
}) {
  const lines = [...(withName ? [seller.legalName] : []), ...sellerAddressLines(seller)];
  return (
    <span className={`block break-words ${className ?? ''}`}>
      {lines.map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </span>
  );
}

/** The seller's address on one line ('1 Industrial Way, Springfield, United States'). */
export const sellerAddressText = (seller: Pick<PublicSeller, 'address' | 'country'>) => sellerAddressLines(seller).join(', ');
