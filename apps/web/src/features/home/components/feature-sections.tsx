import { FEATURE_SECTIONS } from '../home-content';

/**
 * The spec's "extra two-image section". Eager images: on phones the first one is in view and is
 * the largest paint (the banner SVGs are too plain to count), so lazy loading only delayed it.
 */
export function FeatureSections() {
  return (
    <section aria-label="Why bulkparts" className="mx-auto grid max-w-7xl gap-6 px-4 py-8 md:grid-cols-2">
      {FEATURE_SECTIONS.map((s) => (
        <article key={s.img} className="card bg-base-200 shadow-sm">
          <figure>
            <img src={s.img} alt="" width="600" height="400" className="h-56 w-full object-cover" />
          </figure>
          <div className="card-body">
            <h2 className="card-title">{s.title}</h2>
            <p>{s.text}</p>
          </div>
        </article>
      ))}
    </section>
  );
}
