import type { EmblaOptionsType } from 'embla-carousel';
import { BRANDS } from '../home-content';
import { useLazyEmbla } from './use-lazy-embla';

const OPTIONS: EmblaOptionsType = { loop: true, align: 'start', dragFree: true };

export function BrandsCarousel() {
  const [emblaRef, embla] = useLazyEmbla(OPTIONS);
  return (
    <section aria-labelledby="brands-heading" className="mx-auto max-w-7xl px-4 py-12">
      <p className="text-center font-semibold text-primary">TOP QUALITY PARTNER</p>
      <h2 id="brands-heading" className="mb-8 text-center text-3xl font-bold">
        SHOP BY BRANDS
      </h2>
      <div className="flex items-center gap-2">
        <button type="button" className="btn btn-circle btn-ghost btn-sm" aria-label="Previous brands" onClick={() => embla?.scrollPrev()}>
          ‹
        </button>
        <div className="flex-1 overflow-hidden" ref={emblaRef}>
          <ul className="flex">
            {BRANDS.map((b) => (
              <li key={b.slug} className="min-w-0 flex-[0_0_50%] px-3 sm:flex-[0_0_33%] lg:flex-[0_0_20%]">
                <img src={b.img} alt={b.name} width="200" height="80" loading="lazy" className="mx-auto h-16 w-auto rounded-box shadow" />
              </li>
            ))}
          </ul>
        </div>
        <button type="button" className="btn btn-circle btn-ghost btn-sm" aria-label="Next brands" onClick={() => embla?.scrollNext()}>
          ›
        </button>
      </div>
    </section>
  );
}
