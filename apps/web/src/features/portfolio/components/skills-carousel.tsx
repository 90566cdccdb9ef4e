import useEmblaCarousel from 'embla-carousel-react';
import type { PortfolioContent } from '../portfolio-content';

export function SkillsCarousel({ skills }: { skills: PortfolioContent['skills'] }) {
  const [ref, embla] = useEmblaCarousel({ loop: true, align: 'start' });
  return (
    <section aria-labelledby="skills-heading" className="py-10">
      <h2 id="skills-heading" className="mb-6 text-center text-2xl font-bold">
        Skills Of Technologies
      </h2>
      <div className="flex items-center gap-2">
        <button type="button" className="btn btn-circle btn-sm" aria-label="Previous skills" onClick={() => embla?.scrollPrev()}>
          ‹
        </button>
        <div className="flex-1 overflow-hidden" ref={ref}>
          <ul className="flex">
            {skills.map((s) => (
              <li key={s.name} className="min-w-0 flex-[0_0_50%] px-2 sm:flex-[0_0_25%]">
                <img src={s.img} alt={s.name} width="160" height="160" loading="lazy" className="mx-auto h-28 w-28" />
              </li>
            ))}
          </ul>
        </div>
        <button type="button" className="btn btn-circle btn-sm" aria-label="Next skills" onClick={() => embla?.scrollNext()}>
          ›
        </button>
      </div>
    </section>
  );
}
