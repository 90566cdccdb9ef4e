import { EducationModal } from '@/features/portfolio/components/education-modal';
import { SkillsCarousel } from '@/features/portfolio/components/skills-carousel';
import { PORTFOLIO } from '@/features/portfolio/portfolio-content';

export function Component() {
  const p = PORTFOLIO;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <section className="hero rounded-box bg-base-200 py-10">
        <div className="hero-content flex-col text-center">
          <h1 className="text-4xl font-bold">{p.name}</h1>
          <p className="text-lg text-primary">{p.role}</p>
          {p.bio.map((line) => (
            <p key={line} className="max-w-2xl">
              {line}
            </p>
          ))}
          <p>
            <a className="link" href={`mailto:${p.email}`}>
              {p.email}
            </a>
          </p>
          <EducationModal rows={p.education} />
        </div>
      </section>
      <SkillsCarousel skills={p.skills} />
      <section aria-labelledby="projects-heading" className="py-10">
        <h2 id="projects-heading" className="mb-6 text-center text-2xl font-bold">
          My Project
        </h2>
        <div className="grid gap-6 md:grid-cols-3">
          {p.projects.map((project) => (
            <article key={project.name} className="card bg-base-100 shadow">
              <figure>
                <img src={project.img} alt="" width="400" height="240" loading="lazy" />
              </figure>
              <div className="card-body">
                <h3 className="card-title">{project.name}</h3>
                <p>{project.description}</p>
                <div className="card-actions justify-end">
                  <a
                    href={project.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="btn btn-primary btn-sm"
                    aria-label={`Live site of ${project.name} (opens in a new tab)`}
                  >
                    Live site
                  </a>
                </div>
              </div>
            </article>
          ))}
        </div>
      </section>
      <section aria-labelledby="client-heading" className="py-10">
        <h2 id="client-heading" className="mb-6 text-center text-2xl font-bold">
          User Client Say !!
        </h2>
        <div className="grid gap-6 md:grid-cols-2">
          {p.clientSay.map((c) => (
            <blockquote key={c.author} className="card bg-base-200 p-6">
              <p className="italic">“{c.quote}”</p>
              <footer className="mt-3 text-sm font-semibold">{c.author}</footer>
            </blockquote>
          ))}
        </div>
      </section>
      <section aria-labelledby="expectation-heading" className="py-10">
        <h2 id="expectation-heading" className="mb-6 text-center text-2xl font-bold">
          User Expectation
        </h2>
        <ul className="mx-auto max-w-2xl list-disc space-y-2 pl-6">
          {p.expectations.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
