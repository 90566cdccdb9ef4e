/** The demo catalogue seeded into an empty database. Images ship in apps/web/public/images. */
export interface DemoProduct {
  name: string;
  description: string;
  priceCents: number;
  minimumOrderQuantity: number;
  availableQuantity: number;
  img: string;
}

const img = (file: string) => `/images/products/${file}.svg`;

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Hex Bolt M8x40',
    description: 'Zinc-plated steel hex bolts, grade 8.8, fully threaded. For machinery, racking and structural joints.',
    priceCents: 18,
    minimumOrderQuantity: 100,
    availableQuantity: 25000,
    img: img('hex-bolt'),
  },
  {
    name: 'Ball Bearing 6204',
    description: 'Deep groove ball bearing 20x47x14 mm with double rubber seals, pre-lubricated for electric motors and pumps.',
    priceCents: 245,
    minimumOrderQuantity: 50,
    availableQuantity: 4000,
    img: img('ball-bearing'),
  },
  {
    name: 'Brass Elbow 1/2"',
    description: '90° female-threaded brass elbow fitting, BSP 1/2", rated to 16 bar for water, air and oil lines.',
    priceCents: 192,
    minimumOrderQuantity: 50,
    availableQuantity: 3200,
    img: img('brass-elbow'),
  },
  {
    name: 'Hex Nut M10 A2',
    description: 'Stainless steel A2-70 hex nuts, DIN 934. Corrosion resistant for outdoor and food-grade assemblies.',
    priceCents: 9,
    minimumOrderQuantity: 200,
    availableQuantity: 60000,
    img: img('hex-nut'),
  },
  {
    name: 'Flat Washer M8',
    description: 'DIN 125 flat washers, hardened steel with zinc finish, spread the load under bolt heads and nuts.',
    priceCents: 3,
    minimumOrderQuantity: 500,
    availableQuantity: 120000,
    img: img('flat-washer'),
  },
  {
    name: 'Socket Cap M6x20',
    description: 'Black-oxide alloy steel socket head cap screws, class 12.9, hex key drive for tight spaces.',
    priceCents: 14,
    minimumOrderQuantity: 100,
    availableQuantity: 40000,
    img: img('socket-screw'),
  },
  {
    name: 'Pillow Block UCP205',
    description: 'Cast iron pillow block with 25 mm insert bearing and grease nipple, for conveyor shafts.',
    priceCents: 1290,
    minimumOrderQuantity: 50,
    availableQuantity: 800,
    img: img('pillow-block'),
  },
  {
    name: 'Hydraulic Adapter',
    description: 'JIC 37° male to NPT male straight adapter, zinc-nickel plated steel, for hydraulic hose assemblies.',
    priceCents: 385,
    minimumOrderQuantity: 50,
    availableQuantity: 2500,
    img: img('hydraulic-adapter'),
  },
  {
    name: 'Nitrile O-Ring 20mm',
    description: 'NBR 70 shore O-rings, 20 x 2.5 mm, for static and dynamic seals in oil and fuel systems.',
    priceCents: 6,
    minimumOrderQuantity: 500,
    availableQuantity: 90000,
    img: img('o-ring'),
  },
  {
    name: 'Spring Pin 4x30',
    description: 'Slotted spring pins (roll pins), ISO 8752, hardened spring steel for shafts and hinges.',
    priceCents: 5,
    minimumOrderQuantity: 500,
    availableQuantity: 75000,
    img: img('spring-pin'),
  },
  {
    name: 'Blind Rivet 4.8mm',
    description: 'Aluminium dome-head blind rivets with steel mandrel, grip range 6–9 mm, for sheet metal.',
    priceCents: 4,
    minimumOrderQuantity: 1000,
    availableQuantity: 150000,
    img: img('blind-rivet'),
  },
  {
    name: 'Threaded Rod M12',
    description: 'Zinc-plated steel threaded rod, 1 m lengths, DIN 976, for hangers, anchors and fixtures.',
    priceCents: 420,
    minimumOrderQuantity: 50,
    availableQuantity: 1500,
    img: img('threaded-rod'),
  },
  {
    name: 'Hose Clamp 32-50mm',
    description: 'Worm-drive hose clamps, W2 stainless band with zinc screw, for coolant and air hoses.',
    priceCents: 58,
    minimumOrderQuantity: 100,
    availableQuantity: 18000,
    img: img('hose-clamp'),
  },
  {
    name: 'Linear Bearing LM12',
    description: 'Linear ball bushing for 12 mm shafts, steel shell, smooth travel for CNC and 3D-printer axes.',
    priceCents: 310,
    minimumOrderQuantity: 50,
    availableQuantity: 2200,
    img: img('linear-bearing'),
  },
];

export interface DemoReview {
  name: string;
  img: string;
  designation: string;
  description: string;
  rating: number;
}

export const DEMO_REVIEWS: DemoReview[] = [
  {
    name: 'Amina Rahman',
    img: '/images/people/person-1.svg',
    designation: 'Purchasing Lead, Delta Pumps',
    description: 'We moved our bearing orders here last year. Lead times are honest and every batch has matched the spec sheet.',
    rating: 5,
  },
  {
    name: 'Jonas Weber',
    img: '/images/people/person-2.svg',
    designation: 'Maintenance Manager, Nordmill',
    description: 'Ordering 500 bolts takes two minutes and the invoice lands straight in accounting. Exactly what a workshop needs.',
    rating: 5,
  },
  {
    name: 'Priya Nair',
    img: '/images/people/person-3.svg',
    designation: 'Founder, Kite Robotics',
    description: 'Good prices on linear bearings at our volumes, and the stock numbers on the site are real.',
    rating: 4,
  },
  {
    name: 'Carlos Mendes',
    img: '/images/people/person-4.svg',
    designation: 'Site Engineer, Alto Build',
    description: 'Threaded rod and anchors arrived on site the day promised. Packaging was sturdy and well labelled.',
    rating: 4,
  },
  {
    name: 'Hana Sato',
    img: '/images/people/person-5.svg',
    designation: 'Operations, Sato Hydraulics',
    description: 'The hydraulic adapters fit first time. Paying by card and downloading the invoice was painless.',
    rating: 5,
  },
  {
    name: 'Tom Okafor',
    img: '/images/people/person-6.svg',
    designation: 'Buyer, Greenline Farms',
    description: 'Clear minimum order quantities and no surprise fees. We reorder O-rings every month.',
    rating: 5,
  },
];
