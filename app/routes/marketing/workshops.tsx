import { htmlFirst, loadAsDocument, noData } from "~/components/html-first";
import { PageSection, sectionBody } from "~/components/marketing";
import { ButtonLink } from "~/components/ui/button";
import {
  BOOKING,
  GALLERY,
  TRUSTED_BY,
  WORKSHOP_LIST,
  WORKSHOPS_HERO,
  WORKSHOPS_SEO,
} from "~/content/workshops";
import { pageMeta } from "~/lib/seo";
import { PUBLIC, routeAccess } from "~/server/route-access";

export const access = routeAccess({ loader: PUBLIC });

export const handle = htmlFirst();
export const loader = noData;
export const clientLoader = loadAsDocument;

type Picture = { id: string; src: string; width: number; height: number; alt: string };

/** Pictures loaded lazily, each with its own size so the grid does not move as they arrive. */
function PictureGrid({
  pictures,
  className,
  itemClassName,
  imageClassName,
}: {
  pictures: readonly Picture[];
  className: string;
  itemClassName?: string;
  imageClassName: string;
}) {
  return (
    <ul className={className}>
      {pictures.map((picture) => (
        <li key={picture.id} className={itemClassName}>
          <img
            src={picture.src}
            width={picture.width}
            height={picture.height}
            alt={picture.alt}
            loading="lazy"
            className={imageClassName}
          />
        </li>
      ))}
    </ul>
  );
}

export const meta = pageMeta({
  ...WORKSHOPS_SEO,
  jsonLd: [
    {
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: WORKSHOP_LIST.heading,
      itemListElement: WORKSHOP_LIST.items.map((workshop, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: workshop.title,
        description: workshop.tagline,
      })),
    },
  ],
});

export default function Workshops() {
  return (
    <>
      <section className={`${sectionBody} grid gap-10 md:py-24 lg:grid-cols-[1.6fr_1fr] lg:items-center`}>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">
            {WORKSHOPS_HERO.eyebrow}
          </p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">{WORKSHOPS_HERO.title}</h1>
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground">{WORKSHOPS_HERO.pitch}</p>
          <ButtonLink to={WORKSHOPS_HERO.cta.to} size="lg" className="mt-8">
            {WORKSHOPS_HERO.cta.label}
          </ButtonLink>
        </div>
        <aside
          aria-label={WORKSHOPS_HERO.factsLabel}
          className="rounded-2xl border border-border bg-card p-6"
        >
          <ul className="grid gap-5">
            {WORKSHOPS_HERO.facts.map((fact) => (
              <li key={fact.label}>
                <span className="block text-3xl font-bold text-primary">{fact.figure}</span>
                <span className="text-muted-foreground">{fact.label}</span>
              </li>
            ))}
          </ul>
        </aside>
      </section>

      <PageSection id="workshop-list" heading={WORKSHOP_LIST.heading} intro={WORKSHOP_LIST.intro} band>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {WORKSHOP_LIST.items.map((workshop) => (
            <li key={workshop.id} className="flex flex-col rounded-xl border border-border bg-card p-5">
              <h3 className="text-lg font-semibold">{workshop.title}</h3>
              <p className="mt-2 flex-1 text-sm text-muted-foreground">{workshop.tagline}</p>
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-t border-border pt-4 text-sm">
                <dt className="text-muted-foreground">Duration</dt>
                <dd className="font-medium">{workshop.durationMinutes} min</dd>
                <dt className="text-muted-foreground">Audience</dt>
                <dd className="font-medium">{workshop.audience}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="trusted-by" heading={TRUSTED_BY.heading}>
        <PictureGrid
          pictures={TRUSTED_BY.logos.map((logo) => ({ ...logo, alt: logo.name }))}
          className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6"
          itemClassName="flex items-center justify-center"
          imageClassName="h-auto w-full max-w-48"
        />
      </PageSection>

      <PageSection id="gallery" heading={GALLERY.heading} band>
        <PictureGrid
          pictures={GALLERY.images}
          className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          imageClassName="h-auto w-full rounded-xl border border-border"
        />
      </PageSection>

      <section aria-labelledby="booking-heading" className={sectionBody}>
        <div className="rounded-2xl border border-border bg-card p-8 md:p-10">
          <h2 id="booking-heading" className="text-3xl font-bold tracking-tight">
            {BOOKING.heading}
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">{BOOKING.body}</p>
          <p className="mt-3 max-w-2xl text-card-foreground">
            {BOOKING.instructionBefore}
            <strong>“{BOOKING.option}”</strong>
            {BOOKING.instructionAfter}
          </p>
          <ButtonLink to={BOOKING.cta.to} size="lg" className="mt-6">
            {BOOKING.cta.label}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
