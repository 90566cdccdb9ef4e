import { Link } from 'react-router';

export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        <nav aria-label="Services">
          <h2 className="footer-title">Services</h2>
          <Link to="/blogs" className="link link-hover">
            Branding
          </Link>
          <Link to="/blogs" className="link link-hover">
            Design
          </Link>
          <Link to="/blogs" className="link link-hover">
            Marketing
          </Link>
          <Link to="/blogs" className="link link-hover">
            Advertisement
          </Link>
        </nav>
        <nav aria-label="Company">
          <h2 className="footer-title">Company</h2>
          <Link to="/about" className="link link-hover">
            About us
          </Link>
          <Link to="/contact" className="link link-hover">
            Contact
          </Link>
          <Link to="/myportfolio" className="link link-hover">
            Jobs
          </Link>
          <Link to="/myportfolio" className="link link-hover">
            Press kit
          </Link>
        </nav>
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
