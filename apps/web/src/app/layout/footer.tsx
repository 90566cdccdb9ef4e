import { Link } from 'react-router';

/** The footer's menus: [label, path]. */
const FOOTER_MENUS = [
  {
    title: 'Services',
    links: [
      ['Branding', '/blogs'],
      ['Design', '/blogs'],
      ['Marketing', '/blogs'],
      ['Advertisement', '/blogs'],
    ],
  },
  {
    title: 'Company',
    links: [
      ['About us', '/about'],
      ['Contact', '/contact'],
      ['Jobs', '/myportfolio'],
      ['Press kit', '/myportfolio'],
    ],
  },
] as const;

export function Footer() {
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
        © {new Date().getFullYear()} bulkparts. Parts in bulk, 50 to 1000 pieces an order.
      </p>
    </footer>
  );
}
