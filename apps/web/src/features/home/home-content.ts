/** Storefront copy and images, kept apart from the components so marketing edits touch one file. */
export const BANNER_SLIDES = [
  {
    img: '/images/banners/banner-1.svg',
    title: 'Fasteners by the thousand',
    text: 'Bolts, nuts and washers from 50 to 1000 pieces an order, shipped in 48 hours.',
  },
  {
    img: '/images/banners/banner-2.svg',
    title: 'Bearings that keep lines running',
    text: 'Ball, pillow-block and linear bearings with stock you can see before you order.',
  },
  { img: '/images/banners/banner-3.svg', title: 'Fittings for every line', text: 'Brass, hydraulic and hose fittings rated and documented for your audits.' },
  { img: '/images/banners/banner-4.svg', title: 'Invoices your accountant likes', text: 'Pay by card and download a numbered PDF invoice for every order.' },
] as const;

export const BRANDS = ['boltex', 'ferrum', 'rotapro', 'hydrix', 'nordsteel', 'kinetix', 'axisworks', 'sealtec'].map((slug) => ({
  slug,
  name: slug.charAt(0).toUpperCase() + slug.slice(1),
  img: `/images/brands/${slug}.svg`,
}));

export const FEATURE_SECTIONS = [
  {
    img: '/images/section-warehouse.svg',
    title: 'Stock you can count on',
    text: 'Every product page shows the pieces on our shelves right now. Your order takes them the moment you place it, so what you see is what ships.',
  },
  {
    img: '/images/section-delivery.svg',
    title: 'Delivered to the loading dock',
    text: 'Pallets and cartons leave our warehouse within two working days, with tracking mailed to you when your order ships.',
  },
] as const;
