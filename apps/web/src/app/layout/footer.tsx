import { Link } from 'react-router';

/**
 * The footer's menus: [label, path], each a page of the shop (issue 33: the spec's Branding, Design,
 * Marketing, Advertisement, Jobs and Press kit led to the blog and the portfolio; they are gone).
 */
const FOOTER_MENUS = [
  {
    title: 'Buying',
    links: [
      ['Browse the catalogue', '/products'],
      ['Order by part number', '/quick-order'],
      ['Ask for a quote', '/quotes/new'],
      ['Your requisition lists', '/dashboard/lists'],
    ],
  },
  {
    title: 'Company',
    links: [
      ['About us', '/about'],
      ['Contact', '/contact'],
      ['Terms of sale', '/terms'],
      ['Privacy', '/privacy'],
    ],
  },
] as const;

/** Loaded with the first page (main-layout.tsx), not in the first download: the home route's budget. */
export default function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        {FOOTER_MENUS.map((menu) => (
          <nav key={menu.title} aria-label={menu.title}>
            <h2 className="footer-title">{menu.title}</h2>
            {menu.links.map(([label, to]) => (
              <Link key={label} to={to} className="link link-hover">
                {label}
              </Link>
            ))}
          </nav>
        ))}
        <div>
          {/* No social accounts to link to yet: links that lead nowhere ('#') are left out. */}
          <h2 className="footer-title">We accept</h2>
          <img src="/images/payment-methods.svg" alt="Visa, Mastercard and American Express" width="176" height="32" loading="lazy" />
        </div>
      </div>
      <p className="border-t border-neutral-content/20 py-4 text-center text-sm">
        © {new Date().getFullYear()} bulkparts. Industrial parts in bulk for businesses: quantity breaks, quotes above 1,000 pieces, company accounts.
      </p>
    </footer>
  );
}
