import { Link } from 'react-router';

const socials = [
  { name: 'Twitter', path: 'M22 5.8a8.5 8.5 0 0 1-2.4.7 4.2 4.2 0 0 0 1.8-2.3 8.4 8.4 0 0 1-2.6 1 4.2 4.2 0 0 0-7.2 3.8A11.9 11.9 0 0 1 3 4.6a4.2 4.2 0 0 0 1.3 5.6 4.2 4.2 0 0 1-1.9-.5v.1a4.2 4.2 0 0 0 3.4 4.1 4.2 4.2 0 0 1-1.9.1 4.2 4.2 0 0 0 3.9 2.9A8.4 8.4 0 0 1 2 18.6a11.9 11.9 0 0 0 6.4 1.9c7.7 0 11.9-6.4 11.9-11.9v-.5A8.5 8.5 0 0 0 22 5.8z' },
  { name: 'YouTube', path: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z' },
  { name: 'Facebook', path: 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4v2H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z' },
];

export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        <nav aria-label="Services">
          <h2 className="footer-title">Services</h2>
          <Link to="/blogs" className="link link-hover">Branding</Link>
          <Link to="/blogs" className="link link-hover">Design</Link>
          <Link to="/blogs" className="link link-hover">Marketing</Link>
          <Link to="/blogs" className="link link-hover">Advertisement</Link>
        </nav>
        <nav aria-label="Company">
          <h2 className="footer-title">Company</h2>
          <Link to="/myportfolio" className="link link-hover">About us</Link>
          <Link to="/myportfolio" className="link link-hover">Contact</Link>
          <Link to="/myportfolio" className="link link-hover">Jobs</Link>
          <Link to="/myportfolio" className="link link-hover">Press kit</Link>
        </nav>
        <div>
          <h2 className="footer-title">Social</h2>
          <ul className="flex gap-4">
            {socials.map((s) => (
              <li key={s.name}>
                <a href="#" aria-label={s.name} className="inline-block hover:text-primary">
                  <svg width="24" height="24" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                    <path d={s.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
          <h2 className="footer-title mt-4">We accept</h2>
          <img src="/images/payment-methods.svg" alt="Visa, Mastercard, American Express and bank transfer" width="240" height="32" loading="lazy" />
        </div>
      </div>
      <p className="border-t border-neutral-content/20 py-4 text-center text-sm">© {new Date().getFullYear()} bulkparts. Parts in bulk, 50 to 1000 pieces an order.</p>
    </footer>
  );
}
