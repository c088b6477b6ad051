import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { type FocusEvent, useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { ABOUT, type LogoCarousel as LogoCarouselContent, type WorkCard } from "~/content/about";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/about";

/** SPEC §9: the carousel moves on every 2 seconds. */
const AUTOPLAY_DELAY_MS = 2000;

/**
 * Cards across both columns: the logo carousels need the width for four logos per view (SPEC §9), and the
 * last card then ends the grid evenly.
 */
const FULL_WIDTH_CARDS = new Set(["interview-experience", "client-wins"]);

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, { ...ABOUT.seo, path: "/about" });
}

export default function About() {
  return (
    <>
      <section className="mx-auto max-w-6xl px-4 pt-16 pb-12 md:pt-24">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{ABOUT.heading}</h1>
        <div className="mt-6 max-w-3xl space-y-4 text-lg text-muted-foreground">
          {ABOUT.intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <h2 className="sr-only">{ABOUT.statsLabel}</h2>
        <dl className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-4">
          {ABOUT.stats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse rounded-2xl border border-border bg-card p-5 text-center"
            >
              <dt className="mt-1 text-sm text-muted-foreground">{stat.label}</dt>
              <dd className="text-3xl font-bold text-primary">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="my-work" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="my-work" className="text-3xl font-bold tracking-tight">
          {ABOUT.work.heading}
        </h2>
        <ul className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-2">
          {ABOUT.work.cards.map((card) => (
            <li key={card.id} className={`min-w-0 ${FULL_WIDTH_CARDS.has(card.id) ? "lg:col-span-2" : ""}`}>
              <WorkCardView card={card} />
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12 text-center">
        <p className="text-xl font-semibold">{ABOUT.cta.text}</p>
        <Link
          to={ABOUT.cta.link.to}
          className="mt-5 inline-block rounded-md bg-primary px-5 py-2.5 font-semibold text-primary-foreground hover:opacity-90"
        >
          {ABOUT.cta.link.label}
        </Link>
      </section>
    </>
  );
}

function WorkCardView({ card }: { card: WorkCard }) {
  return (
    <article className="h-full rounded-2xl border border-border bg-card p-6 text-card-foreground">
      <h3 className="text-xl font-semibold">{card.title}</h3>
      {card.highlight ? <p className="mt-2 text-2xl font-bold text-primary">{card.highlight}</p> : null}
      <p className="mt-3 text-muted-foreground">{card.body}</p>
      {card.id === "interview-experience" ? (
        <div className="mt-6 space-y-8">
          {ABOUT.carousels.map((carousel) => (
            <LogoCarousel key={carousel.label} {...carousel} />
          ))}
        </div>
      ) : null}
    </article>
  );
}

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const media = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(media.matches);
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, []);
  return reduced;
}

/**
 * A looping logo carousel (WAI-ARIA APG carousel pattern): four logos per view, two up to 768 px wide
 * (SPEC §9), moving on every 2 seconds. It holds still while hovered, while anything in it has focus,
 * after "Pause", and always when the visitor prefers reduced motion.
 */
function LogoCarousel({ label, logos }: LogoCarouselContent) {
  const labelId = useId();
  const reducedMotion = usePrefersReducedMotion();
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // We start and stop the plugin ourselves, so every reason to hold still is in one place.
  const autoplay = useMemo(
    () =>
      Autoplay({
        delay: AUTOPLAY_DELAY_MS,
        playOnInit: false,
        stopOnInteraction: false,
        stopOnFocusIn: false,
        stopOnMouseEnter: false,
      }),
    [],
  );
  const [viewportRef, api] = useEmblaCarousel({ loop: true, align: "start" }, [autoplay]);
  const playing = !reducedMotion && !userPaused && !hovered && !focused;

  useEffect(() => {
    const plugin = api?.plugins().autoplay;
    if (!api || !plugin) return;
    if (playing) plugin.play();
    else plugin.stop();
    // The plugin restarts itself after a drag; hold still if we should.
    const holdStill = () => {
      if (!playing) plugin.stop();
    };
    api.on("pointerUp", holdStill);
    return () => {
      api.off("pointerUp", holdStill);
    };
  }, [api, playing]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby={labelId}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={labelId} className="font-medium">
          {label}
        </p>
        <div className="flex items-center gap-2">
          {reducedMotion ? null : (
            <button type="button" onClick={() => setUserPaused((paused) => !paused)} className={buttonClass}>
              {userPaused ? "Play" : "Pause"}
              <span className="sr-only"> automatic scrolling</span>
            </button>
          )}
          <button
            type="button"
            onClick={() => api?.scrollPrev(reducedMotion)}
            aria-label="Previous logos"
            className={buttonClass}
          >
            <span aria-hidden="true">←</span>
          </button>
          <button
            type="button"
            onClick={() => api?.scrollNext(reducedMotion)}
            aria-label="Next logos"
            className={buttonClass}
          >
            <span aria-hidden="true">→</span>
          </button>
        </div>
      </div>
      <div ref={viewportRef} className="mt-3 overflow-hidden">
        {/* Moves are announced only when the visitor moved it, not on every automatic turn. */}
        <div className="-mx-2 flex touch-pan-y" aria-live={playing ? "off" : "polite"}>
          {logos.map((logo, index) => (
            // biome-ignore lint/a11y/useSemanticElements: APG carousel slides are groups; a fieldset implies form controls
            <div
              key={logo.name}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${logos.length}`}
              className="min-w-0 shrink-0 grow-0 basis-1/2 px-2 min-[769px]:basis-1/4"
            >
              <div className="flex h-20 items-center justify-center rounded-xl border border-border bg-background px-3">
                <img
                  src={logo.src}
                  width={160}
                  height={48}
                  alt={logo.name}
                  loading="lazy"
                  draggable={false}
                  className="h-10 w-auto max-w-full dark:invert"
                />
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

const buttonClass =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md border border-border px-2.5 text-sm font-medium hover:bg-muted";
