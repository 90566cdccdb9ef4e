import { STATS } from '@bulkparts/shared/constants';

export function StatsStrip() {
  return (
    <section aria-label="Statistics" className="mx-auto max-w-7xl px-4 py-10">
      <dl className="stats stats-vertical w-full shadow md:stats-horizontal">
        {STATS.map((s) => (
          <div key={s.title} className="stat place-items-center">
            <dt className="stat-title">{s.title}</dt>
            <dd className="stat-value text-primary">{s.value}</dd>
            <dd className="stat-desc">{s.desc}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
