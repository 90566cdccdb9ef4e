import { useState } from 'react';

/**
 * The product's pictures: one large, the others as thumbnail buttons (Tab and Enter or Space, or
 * a click, to show one). The large image's alt names the product and which picture it is; the
 * thumbnails' images are decoration inside buttons that say what they show.
 */
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const n = images.length;
  const shown = images[Math.min(current, n - 1)];
  return (
    <div className="space-y-3">
      <figure className="rounded-box bg-base-200 p-6">
        {shown && (
          <img
            src={shown}
            alt={n > 1 ? `${name}, picture ${current + 1} of ${n}` : name}
            width="480"
            height="360"
            className="mx-auto h-64 w-full object-contain md:h-80"
          />
        )}
      </figure>
      {n > 1 && (
        <ul className="flex flex-wrap gap-2" aria-label="Pictures">
          {images.map((src, i) => (
            <li key={`${src}-${i}`}>
              <button
                type="button"
                className={`rounded-box border-2 bg-base-200 p-1 ${i === current ? 'border-primary' : 'border-transparent hover:border-base-300'}`}
                aria-label={`Show picture ${i + 1} of ${n}`}
                aria-pressed={i === current}
                onClick={() => setCurrent(i)}
              >
                <img src={src} alt="" width="64" height="48" loading="lazy" className="h-12 w-16 object-contain" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
