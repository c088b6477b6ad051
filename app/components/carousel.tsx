import {
  Children,
  type FocusEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import type { CarouselApi } from "./carousel-engine";
import { useLazyModule, useNearViewport } from "./ui/lazy";

// Embla (the engine) loads once a carousel comes near the screen, or is pointed at or focused; until
// then the carousel is plain markup showing its first slides, in the place Embla will start them.
const loadEngine = () => import("./carousel-engine");

type PerView = 1 | 2 | 3 | 4;
type Direction = "previous" | "next";

/**
 * Slides visible at once: `base` below 768 px, `md` from 768 px, `lg` from 1024 px; `from769` from 769 px,
 * for layouts whose narrow view holds up to 768 px inclusive (SPEC §9 logos). Use `md` or `from769`, not both.
 */
export type SlidesPerView = { base: PerView; md?: PerView; from769?: PerView; lg?: PerView };

// Whole class names, so Tailwind finds them when it scans this file.
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

/** `null` until known in the browser, so nothing moves before we know motion is welcome. */
function usePrefersReducedMotion(): boolean | null {
  const [reduced, setReduced] = useState<boolean | null>(null);
  useEffect(() => {
    const media = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(media.matches);
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, []);
  return reduced;
}

/** Indexes of the slides at least half inside the viewport now. */
function slidesInViewNow(api: CarouselApi): number[] {
  const view = api.rootNode().getBoundingClientRect();
  return api.slideNodes().flatMap((slide, index) => {
    const rect = slide.getBoundingClientRect();
    const visible = Math.min(rect.right, view.right) - Math.max(rect.left, view.left);
    return visible >= rect.width / 2 ? [index] : [];
  });
}

/**
 * Indexes of the slides that will be in view once the current move ends. Embla's own 'settle' comes
 * well after the motion looks finished, too late to announce the new slide; when looping, each snap
 * starts at its slide, so the selected snap and the slides per view tell.
 */
function slidesInViewAfterMove(api: CarouselApi): number[] {
  const slides = api.slideNodes();
  const first = slides[0];
  if (!api.internalEngine().options.loop || !first) return slidesInViewNow(api);
  const perView = Math.max(1, Math.round(api.rootNode().clientWidth / first.offsetWidth));
  const start = api.selectedScrollSnap();
  return Array.from({ length: Math.min(perView, slides.length) }, (_, i) => (start + i) % slides.length);
}

/**
 * An accessible, looping carousel (WAI-ARIA APG carousel pattern, grouped slides).
 * With `autoplayMs` it advances on its own, pausing while hovered, while focus is inside, after the
 * person presses Pause, and never starting when they prefer reduced motion.
 */
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
  /** Names the region, e.g. "Client testimonials". */
  label: string;
  /** Also shows the label, as the carousel's caption beside its controls. */
  showLabel?: boolean;
  /** One slide in words, for the buttons: "Previous testimonial", "Next testimonial". */
  itemName: string;
  slidesPerView: SlidesPerView;
  autoplayMs?: number;
  /**
   * Slides out of view are inert and hidden from assistive technology (the default). `false` keeps every
   * slide exposed, where the whole set is the content and each slide is short, such as a row of logos.
   */
  hideSlidesOutOfView?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const slides = Children.toArray(children);
  const labelId = useId();
  const reducedMotion = usePrefersReducedMotion();

  const region = useRef<HTMLElement>(null);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [engine, loadEngineModule] = useLazyModule(loadEngine);
  const upgrade = useCallback(() => void loadEngineModule(), [loadEngineModule]);
  useNearViewport(region, upgrade);
  const [api, setApi] = useState<CarouselApi | null>(null);

  const [hovered, setHovered] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const [stoppedByUser, setStoppedByUser] = useState(false);
  const canRotate = Boolean(autoplayMs) && reducedMotion === false;
  const rotating = canRotate && !stoppedByUser && !hovered && !focusWithin;

  useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!api || !autoplay) return;
    const sync = () => (rotating ? autoplay.play() : autoplay.stop());
    sync();
    // Embla re-creates plugins when it re-initialises (on resize), and a drag stops the plugin
    // (stopOnInteraction): put it back in the state we want after either.
    api.on("reInit", sync).on("pointerUp", sync);
    return () => {
      api.off("reInit", sync).off("pointerUp", sync);
    };
  }, [api, rotating]);

  // Slides out of view are inert: hidden from screen readers and the tab order, as when the
  // APG pattern hides them, so the live region announces the slides that come into view.
  const [shown, setShown] = useState<number[] | null>(null);
  useEffect(() => {
    if (!api) return;
    const update = () => setShown(slidesInViewAfterMove(api));
    update();
    api.on("select", update).on("reInit", update).on("settle", update);
    return () => {
      api.off("select", update).off("reInit", update).off("settle", update);
    };
  }, [api]);

  const hidden = (index: number) => hideSlidesOutOfView && shown !== null && !shown.includes(index);

  // A press before the engine has arrived is kept, and made once it has.
  const [queued, setQueued] = useState<Direction | null>(null);
  const go = useCallback(
    (direction: Direction) => {
      if (!api) {
        setQueued(direction);
        upgrade();
        return;
      }
      const jump = reducedMotion === true;
      if (direction === "next") api.scrollNext(jump);
      else api.scrollPrev(jump);
      // A full interval before the next automatic move.
      api.plugins().autoplay?.reset();
    },
    [api, reducedMotion, upgrade],
  );
  useEffect(() => {
    if (!api || queued === null) return;
    setQueued(null);
    go(queued);
  }, [api, queued, go]);

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
  }

  const buttonClass =
    "inline-flex h-10 min-w-10 items-center justify-center gap-1.5 rounded-full border border-border bg-card px-3 text-sm font-medium text-card-foreground transition-colors hover:bg-muted";

  return (
    <section
      ref={region}
      aria-roledescription="carousel"
      aria-label={showLabel ? undefined : label}
      aria-labelledby={showLabel ? labelId : undefined}
      className={className}
      onMouseEnter={() => {
        setHovered(true);
        upgrade();
      }}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => {
        setFocusWithin(true);
        upgrade();
      }}
      onBlur={onBlur}
    >
      {engine && viewport ? (
        <engine.CarouselEngine viewport={viewport} autoplayMs={autoplayMs} onApi={setApi} />
      ) : null}
      {/* Controls come first, so the rotation control is the first thing keyboard users reach. */}
      <div
        className={`mb-4 flex flex-wrap items-center gap-3 ${showLabel ? "justify-between" : "justify-end"}`}
      >
        {showLabel && (
          <p id={labelId} className="font-medium">
            {label}
          </p>
        )}
        <div className="flex items-center gap-2">
          {canRotate && (
            <button
              type="button"
              className={buttonClass}
              aria-label={stoppedByUser ? "Resume automatic rotation" : "Pause automatic rotation"}
              onClick={() => setStoppedByUser((stopped) => !stopped)}
            >
              <span aria-hidden="true">{stoppedByUser ? "▶" : "❚❚"}</span>
              {stoppedByUser ? "Resume" : "Pause"}
            </button>
          )}
          <button
            type="button"
            className={buttonClass}
            aria-label={`Previous ${itemName}`}
            onClick={() => go("previous")}
          >
            <span aria-hidden="true">←</span>
          </button>
          <button
            type="button"
            className={buttonClass}
            aria-label={`Next ${itemName}`}
            onClick={() => go("next")}
          >
            <span aria-hidden="true">→</span>
          </button>
        </div>
      </div>
      <div ref={setViewport} className="overflow-hidden">
        {/* The 16 px gutter is split, 8 px each side of a slide: cards fill the viewport edge to edge, and a slide's own box overhangs it by only 8 px. */}
        <div className="-mx-2 flex touch-pan-y" aria-live={rotating ? "off" : "polite"}>
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: an APG carousel slide is a role="group"; a fieldset is for form controls
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides keep their order; children carry their own keys
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              inert={hidden(index)}
              // inert already hides it; aria-hidden covers browsers that predate inert.
              aria-hidden={hidden(index) || undefined}
              className={`min-w-0 shrink-0 grow-0 px-2 ${basisClasses(slidesPerView)}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
