/** Everything the portfolio page shows. The owner edits this file, not the components. */
export interface PortfolioContent {
  name: string;
  role: string;
  email: string;
  bio: string[];
  education: { qualification: string; institute: string; group: string; result: string; year: string }[];
  skills: { name: string; img: string }[];
  projects: { name: string; description: string; img: string; url: string }[];
  clientSay: { quote: string; author: string }[];
  expectations: string[];
}

export const PORTFOLIO: PortfolioContent = {
  name: 'Sam Rahman',
  role: 'Full-stack web developer',
  email: 'sam@example.com',
  bio: [
    'I build web shops and dashboards with React, TypeScript and Node.js, from the database schema to the last accessible button.',
    'bulkparts is one of them: a bulk-parts store with a customer dashboard, payments and an admin console.',
  ],
  education: [
    {
      qualification: 'B.Sc. in Computer Science',
      institute: 'State University of Technology',
      group: 'Software Engineering',
      result: 'CGPA 3.71 / 4.00',
      year: '2022',
    },
    { qualification: 'Higher Secondary Certificate', institute: 'City College', group: 'Science', result: 'GPA 5.00 / 5.00', year: '2018' },
    { qualification: 'Secondary School Certificate', institute: 'Model High School', group: 'Science', result: 'GPA 5.00 / 5.00', year: '2016' },
  ],
  skills: ['React', 'TypeScript', 'Node.js', 'Tailwind', 'PostgreSQL', 'Fastify'].map((name) => ({
    name,
    img: `/images/skills/${name.toLowerCase().replace('.', '')}.svg`,
  })),
  projects: [
    {
      name: 'bulkparts',
      description: 'Bulk parts shop with stock that never oversells, card payments and PDF invoices.',
      img: '/images/projects/project-1.svg',
      url: 'https://example.com/bulkparts',
    },
    {
      name: 'Fleet Tracker',
      description: 'Live map of delivery vans with route history and driver check-ins.',
      img: '/images/projects/project-2.svg',
      url: 'https://example.com/fleet-tracker',
    },
    {
      name: 'Clinic Booking',
      description: 'Appointment booking for small clinics with reminders by mail.',
      img: '/images/projects/project-3.svg',
      url: 'https://example.com/clinic-booking',
    },
  ],
  clientSay: [
    { quote: 'Sam delivered our shop ahead of time and explained every trade-off clearly.', author: 'Operations lead, Delta Pumps' },
    { quote: 'Fast, careful and easy to work with. Our checkout errors dropped to almost zero.', author: 'Founder, Kite Robotics' },
  ],
  expectations: [
    'Clear scope and priorities agreed before work starts.',
    'Working software every week, with tests and a short written changelog.',
    'Accessible, fast pages that work on a phone.',
  ],
};
