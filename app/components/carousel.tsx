import { Children, type ReactNode, useId } from "react";

// The carousel's markup (WAI-ARIA APG pattern): without JavaScript a row that scrolls and snaps;
// app/enhancers/carousel.ts adds the rest (docs/decisions/0030-html-first-pages.md).

type PerView = 1 | 2 | 3 | 4;

/** `from769` is for layouts whose narrow view holds up to 768 px inclusive (docs/product/constants.md, Other); not with `md`. */
export type SlidesPerView = { base: PerView; md?: PerView; from769?: PerView; lg?: PerView };

// Whole class names, so Tailwind finds them.
const BASIS = {
  base: { 1: "basis-full", 2: "basis-1/2", 3: "basis-1/3", 4: "basis-1/4" },
  md: { 1: "md:basis-full", 2: "md:basis-1/2", 3: "md:basis-1/3", 4: "md:basis-1/4" },
  from769: {
    1: "min-[769px]:basis-full",
    2: "min-[769px]:basis-1/2",
    3: "min-[769px]:basis-1/3",
    4: "min-[769px]:basis-1/4",
  },
  lg: { 1: "lg:basis-full", 2: "lg:basis-1/2", 3: "lg:basis-1/3", 4: "lg:basis-1/4" },
} as const;

function basisClasses({ base, md, from769, lg }: SlidesPerView): string {
  return [BASIS.base[base], md && BASIS.md[md], from769 && BASIS.from769[from769], lg && BASIS.lg[lg]]
    .filter(Boolean)
    .join(" ");
}

const buttonClass =
  "inline-flex h-10 min-w-10 items-center justify-center gap-1.5 rounded-full border border-border bg-card px-3 text-sm font-medium text-card-foreground transition-colors hover:bg-muted no-script:hidden";

export function Carousel({
  label,
  showLabel = false,
  itemName,
  slidesPerView,
  autoplayMs,
  hideSlidesOutOfView = true,
  children,
  className = "",
}: {
  label: string;
  showLabel?: boolean;
  itemName: string;
  slidesPerView: SlidesPerView;
  autoplayMs?: number;
  /** `false` keeps every slide exposed where the whole set is the content, such as a row of logos. */
  hideSlidesOutOfView?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const slides = Children.toArray(children);
  const labelId = useId();
  return (
    <section
      aria-roledescription="carousel"
      aria-label={showLabel ? undefined : label}
      aria-labelledby={showLabel ? labelId : undefined}
      className={className}
      data-carousel=""
      data-autoplay-ms={autoplayMs}
      data-hide-out-of-view={hideSlidesOutOfView ? "" : undefined}
    >
      {/* The rotation control is the first thing keyboard users reach. */}
      <div
        className={`mb-4 flex flex-wrap items-center gap-3 ${showLabel ? "justify-between" : "justify-end"}`}
      >
        {showLabel && (
          <p id={labelId} className="font-medium">
            {label}
          </p>
        )}
        <div className="flex items-center gap-2">
          {autoplayMs ? (
            <button
              type="button"
              className={`${buttonClass} motion-reduce:hidden`}
              aria-label="Pause automatic rotation"
              data-carousel-pause=""
            >
              <span aria-hidden="true" data-carousel-icon="">
                ❚❚
              </span>
              <span data-carousel-word="">Pause</span>
            </button>
          ) : null}
          <button
            type="button"
            className={buttonClass}
            aria-label={`Previous ${itemName}`}
            data-carousel-previous=""
          >
            <span aria-hidden="true">←</span>
          </button>
          <button type="button" className={buttonClass} aria-label={`Next ${itemName}`} data-carousel-next="">
            <span aria-hidden="true">→</span>
          </button>
        </div>
      </div>
      <div
        className="overflow-hidden no-script:snap-x no-script:snap-mandatory no-script:overflow-x-auto"
        data-carousel-viewport=""
      >
        {/* The 16 px gutter is split, so cards fill the viewport edge to edge. */}
        <div className="-mx-2 flex touch-pan-y no-script:touch-auto" aria-live="off" data-carousel-track="">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: an APG carousel slide is a role="group"; a fieldset is for form controls
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides keep their order; children carry their own keys
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className={`min-w-0 shrink-0 grow-0 px-2 no-script:[&>*]:snap-start ${basisClasses(slidesPerView)}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
