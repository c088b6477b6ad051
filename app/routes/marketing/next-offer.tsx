import type { ReactNode } from "react";
import { data } from "react-router";
import { Carousel } from "~/components/carousel";
import { InterestForm } from "~/components/embeds/interest-form";
import { EnrollBy } from "~/components/enroll-by";
import { htmlFirst, loadAsDocument } from "~/components/html-first";
import { NumberedSteps, PageSection, sectionBody } from "~/components/marketing";
import { OutcomesFigure } from "~/components/outcomes-figure";
import { Accordion } from "~/components/ui/accordion";
import { ButtonLink } from "~/components/ui/button";
import {
  GAMEPLAN,
  HOW_TO_START,
  NEXT_OFFER_HERO,
  NEXT_OFFER_SEO,
  PROGRAM_FACTS,
  PROGRAM_FAQ,
  REVIEW_SITES,
  REVIEWS_HEADING,
  REVIEWS_INTRO,
  TESTIMONIALS_SECTION,
  WHY_ME,
} from "~/content/next-offer";
import { TESTIMONIALS } from "~/content/testimonials";
import { pageMeta } from "~/lib/seo";
import { getDb } from "~/server/db.server";
import { publicOutcomes } from "~/server/models/job-outcomes-public.server";
import { PUBLIC, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/next-offer";

export const access = routeAccess({ loader: PUBLIC });

export const handle = htmlFirst("carousel", "embed", "enroll-by");
export const clientLoader = loadAsDocument;

// Rendered per request, not prerendered (app/content/prerender.ts): the outcome figure is live, and a revoked
// consent must drop it (docs/decisions/0053-job-search.md, "Outcomes"). A minute in shared caches.
const CACHE = { "Cache-Control": "public, max-age=60" };

export async function loader() {
  return data({ outcomes: await publicOutcomes(await getDb()) }, { headers: CACHE });
}

export function headers() {
  return CACHE;
}

export const meta = pageMeta({
  ...NEXT_OFFER_SEO,
  jsonLd: [
    {
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: PROGRAM_FAQ.items.map((item) => ({
        "@type": "Question",
        name: item.question,
        acceptedAnswer: { "@type": "Answer", text: item.answer },
      })),
    },
  ],
});

export default function NextOfferProgram({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className={`${sectionBody} grid gap-10 lg:grid-cols-[1.15fr_1fr] lg:py-20`}>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">
            {NEXT_OFFER_HERO.eyebrow}
          </p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">{NEXT_OFFER_HERO.title}</h1>
          <p className="mt-5 text-lg text-muted-foreground">{NEXT_OFFER_HERO.pitch}</p>
          <p className="mt-4 text-muted-foreground">{NEXT_OFFER_HERO.credibility}</p>
          <dl className="mt-8 grid gap-3 sm:grid-cols-3">
            <Fact label="ENROLL BY">
              <EnrollBy />
            </Fact>
            <Fact label={PROGRAM_FACTS.lengthLabel}>{PROGRAM_FACTS.length}</Fact>
            <Fact label={PROGRAM_FACTS.formatLabel}>{PROGRAM_FACTS.format}</Fact>
          </dl>
        </div>
        <InterestForm />
      </section>

      <PageSection
        id="reviews"
        heading={REVIEWS_HEADING}
        intro={REVIEWS_INTRO}
        band
        body="mx-auto max-w-6xl px-4 py-12"
      >
        <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4">
          {REVIEW_SITES.map((site) => {
            const rating = site.rating.toFixed(1);
            return (
              <li key={site.id}>
                <a
                  href={site.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Rated ${rating} on ${site.name} (opens in a new tab)`}
                  className="flex h-full flex-col items-center gap-3 rounded-xl border border-border bg-card p-4 transition-colors hover:border-primary"
                >
                  <img {...site.logo} alt="" loading="lazy" className="h-10 w-auto" />
                  <span className="flex items-center gap-2 text-card-foreground">
                    <span aria-hidden="true" className="tracking-widest text-amber-700 dark:text-amber-300">
                      ★★★★★
                    </span>
                    <span className="text-lg font-bold">{rating}</span>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      </PageSection>

      <PageSection id="gameplan" heading={GAMEPLAN.heading} intro={GAMEPLAN.intro}>
        <NumberedSteps steps={GAMEPLAN.steps} columns="md:grid-cols-2 lg:grid-cols-5" />
      </PageSection>

      <PageSection id="why" heading={WHY_ME.heading} intro={WHY_ME.intro} band>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {WHY_ME.reasons.map((reason) => (
            <li key={reason.id} className="rounded-xl border border-border bg-card p-5">
              <h3 className="font-semibold">{reason.title}</h3>
              <p className="mt-1 text-lg font-bold text-primary">{reason.figure}</p>
              <p className="mt-2 text-sm text-muted-foreground">{reason.description}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <OutcomesFigure figure={loaderData.outcomes} />

      <PageSection id="testimonials" heading={TESTIMONIALS_SECTION.heading}>
        <Carousel
          label={TESTIMONIALS_SECTION.carouselLabel}
          itemName={TESTIMONIALS_SECTION.itemName}
          slidesPerView={{ base: 1, md: 2, lg: 3 }}
          autoplayMs={TESTIMONIALS_SECTION.autoplayMs}
          className="mt-6"
        >
          {TESTIMONIALS.map((testimonial) => (
            <figure
              key={testimonial.id}
              className="flex h-full flex-col justify-between rounded-2xl border border-border bg-card p-6"
            >
              <blockquote className="text-card-foreground">
                <p>“{testimonial.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 text-sm">
                <span className="font-semibold">{testimonial.name}</span>
                <span className="text-muted-foreground">, {testimonial.context}</span>
                <span className="mt-1 block font-medium text-primary">{testimonial.outcome}</span>
              </figcaption>
            </figure>
          ))}
        </Carousel>
      </PageSection>

      <PageSection id="program-faq" heading={PROGRAM_FAQ.heading} band body="mx-auto max-w-3xl px-4 py-16">
        <Accordion
          items={PROGRAM_FAQ.items}
          headingLevel={3}
          className="mt-6 rounded-xl border border-border bg-card px-5"
        />
      </PageSection>

      <PageSection id="start" heading={HOW_TO_START.heading}>
        <NumberedSteps steps={HOW_TO_START.steps} columns="sm:grid-cols-2 lg:grid-cols-4" />
        <ButtonLink to={HOW_TO_START.cta.to} size="lg" className="mt-8">
          {HOW_TO_START.cta.label}
        </ButtonLink>
      </PageSection>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-border bg-card p-4">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-semibold text-card-foreground">{children}</dd>
    </div>
  );
}
