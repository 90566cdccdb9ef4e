import type { EmblaOptionsType } from 'embla-carousel';
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { BANNER_SLIDES } from '../home-content';
import { useLazyEmbla } from './use-lazy-embla';

const OPTIONS: EmblaOptionsType = { loop: true };
const COUNT = BANNER_SLIDES.length;

const arrow = (d: string) => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
    <path d={d} strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export function BannerCarousel() {
  const [selected, setSelected] = useState(0);
  const [emblaRef, embla] = useLazyEmbla(OPTIONS, () => selected);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => void embla.off('select', onSelect);
  }, [embla]);
  // Before Embla has arrived the buttons still move the selection; Embla then starts there.
  const prev = useCallback(() => (embla ? embla.scrollPrev() : setSelected((s) => (s + COUNT - 1) % COUNT)), [embla]);
  const next = useCallback(() => (embla ? embla.scrollNext() : setSelected((s) => (s + 1) % COUNT)), [embla]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') prev();
    if (e.key === 'ArrowRight') next();
  };

  return (
    <section aria-roledescription="carousel" aria-label="Highlights" className="relative" onKeyDown={onKeyDown}>
      <div className="overflow-hidden" ref={emblaRef}>
        <div className="flex">
          {BANNER_SLIDES.map((slide, i) => (
            <div
              key={slide.img}
              className="relative min-w-0 flex-[0_0_100%]"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${COUNT}`}
              aria-hidden={i !== selected}
            >
              <img src={slide.img} alt="" width="1200" height="420" className="h-64 w-full object-cover sm:h-96" fetchPriority={i === 0 ? 'high' : 'low'} />
              <div className="absolute inset-0 flex items-center">
                <div className="mx-auto w-full max-w-7xl px-16 text-white">
                  <h2 className="max-w-xl text-3xl font-extrabold sm:text-5xl">{slide.title}</h2>
                  <p className="mt-3 max-w-lg text-base sm:text-lg">{slide.text}</p>
                  <Link to="/products" className="btn btn-warning mt-6" tabIndex={i === selected ? 0 : -1}>
                    Shop now
                  </Link>
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>
      <button type="button" onClick={prev} aria-label="Previous slide" className="btn btn-circle btn-sm absolute left-3 top-1/2 -translate-y-1/2 sm:btn-md">
        {arrow('M15 18l-6-6 6-6')}
      </button>
      <button type="button" onClick={next} aria-label="Next slide" className="btn btn-circle btn-sm absolute right-3 top-1/2 -translate-y-1/2 sm:btn-md">
        {arrow('M9 6l6 6-6 6')}
      </button>
      <p className="sr-only" aria-live="polite">
        Slide {selected + 1} of {COUNT}: {BANNER_SLIDES[selected]?.title}
      </p>
    </section>
  );
}
