import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useEffect, useRef, useState } from 'react';

/**
 * Embla, downloaded after the first render: the slides paint as plain markup at once and the
 * carousel (~8 kB gzip) takes them over a moment later, so the home page's first download stays
 * small. `options` must be a constant; `startIndex()` is read when Embla starts, so a slide chosen
 * with the buttons before that is kept.
 */
export function useLazyEmbla(options: EmblaOptionsType, startIndex: () => number = () => 0) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  const start = useRef(startIndex);
  useEffect(() => {
    start.current = startIndex;
  });
  useEffect(() => {
    if (!node) return;
    let instance: EmblaCarouselType | undefined;
    let cancelled = false;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (cancelled) return;
      instance = EmblaCarousel(node, { ...options, startIndex: start.current() });
      setApi(instance);
    });
    return () => {
      cancelled = true;
      instance?.destroy();
      setApi(undefined);
    };
  }, [node, options]);
  return [setNode, api] as const;
}
