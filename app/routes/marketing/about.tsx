import { Carousel } from "~/components/carousel";
import { htmlFirst, loadAsDocument, noData } from "~/components/html-first";
import { ButtonLink } from "~/components/ui/button";
import { HeadedSection } from "~/components/ui/headed-section";
import { ABOUT, type WorkCard } from "~/content/about";
import { pageMeta } from "~/lib/seo";
import { PUBLIC, routeAccess } from "~/server/route-access";

export const access = routeAccess({ loader: PUBLIC });

export const handle = htmlFirst("carousel");
export const loader = noData;
export const clientLoader = loadAsDocument;

/** docs/product/constants.md. */
const AUTOPLAY_DELAY_MS = 2000;

/** The logo carousels need the width for four logos per view, and the grid then ends evenly. */
const FULL_WIDTH_CARDS = new Set(["interview-experience", "client-wins"]);

export const meta = pageMeta({ ...ABOUT.seo, path: "/about" });

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

      <HeadedSection
        id="my-work"
        title={ABOUT.work.heading}
        className="mx-auto max-w-6xl px-4 py-12"
        titleClassName="text-3xl font-bold tracking-tight"
      >
        <ul className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-2">
          {ABOUT.work.cards.map((card) => (
            <li key={card.id} className={`min-w-0 ${FULL_WIDTH_CARDS.has(card.id) ? "lg:col-span-2" : ""}`}>
              <WorkCardView card={card} />
            </li>
          ))}
        </ul>
      </HeadedSection>

      <section className="mx-auto max-w-6xl px-4 py-12 text-center">
        <p className="text-xl font-semibold">{ABOUT.cta.text}</p>
        <ButtonLink to={ABOUT.cta.link.to} size="lg" className="mt-5">
          {ABOUT.cta.link.label}
        </ButtonLink>
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
            // docs/product/constants.md: four logos per view, two up to 768 px. Every logo stays exposed: the
            // whole list is what the carousel says.
            <Carousel
              key={carousel.label}
              label={carousel.label}
              showLabel
              itemName="logos"
              slidesPerView={{ base: 2, from769: 4 }}
              autoplayMs={AUTOPLAY_DELAY_MS}
              hideSlidesOutOfView={false}
            >
              {carousel.logos.map((logo) => (
                <div
                  key={logo.name}
                  className="flex h-20 items-center justify-center rounded-xl border border-border bg-background px-3"
                >
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
              ))}
            </Carousel>
          ))}
        </div>
      ) : null}
    </article>
  );
}
