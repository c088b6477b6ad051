import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useEffect, useState } from "react";

// Embla and its autoplay plugin, loaded by carousel.tsx once a carousel comes near the screen: until
// then the carousel is plain markup showing its first slides.

export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;

/**
 * Starts Embla on a viewport the carousel has already rendered, and hands its API back. Renders
 * nothing; unmounting it destroys the Embla instance.
 */
export function CarouselEngine({
  viewport,
  autoplayMs,
  onApi,
}: {
  viewport: HTMLElement;
  autoplayMs?: number;
  onApi: (api: CarouselApi | null) => void;
}) {
  // The carousel's own state decides when to play, so the plugin never starts or resumes by itself.
  const [plugins] = useState(() =>
    autoplayMs
      ? [
          Autoplay({
            delay: autoplayMs,
            playOnInit: false,
            stopOnInteraction: true,
            stopOnMouseEnter: false,
            stopOnFocusIn: false,
          }),
        ]
      : [],
  );
  const [setViewport, api] = useEmblaCarousel({ loop: true, align: "start" }, plugins);

  useEffect(() => setViewport(viewport), [setViewport, viewport]);

  useEffect(() => {
    onApi(api ?? null);
    return () => onApi(null);
  }, [api, onApi]);

  return null;
}
