import { Link } from "react-router";
import { htmlFirst, loadAsDocument, noData } from "~/components/html-first";
import { Accordion } from "~/components/ui/accordion";
import { ButtonLink } from "~/components/ui/button";
import { FAQ } from "~/content/faq";
import { seo } from "~/lib/seo";
import { PUBLIC, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/faq";

export const access = routeAccess({ loader: PUBLIC });

export const handle = htmlFirst();
export const loader = noData;
export const clientLoader = loadAsDocument;

export function meta({ matches }: Route.MetaArgs) {
  const faqPage = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: FAQ.entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer.join("\n\n") },
    })),
  };
  return seo(matches, { ...FAQ.seo, path: "/faq", jsonLd: [faqPage] });
}

export default function Faq() {
  const items = FAQ.entries.map((entry) => ({
    id: entry.id,
    question: entry.question,
    answer: (
      <div className="space-y-3">
        {entry.answer.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {entry.link ? (
          <p>
            <Link to={entry.link.to} className="font-medium text-primary underline">
              {entry.link.label}
            </Link>
          </p>
        ) : null}
      </div>
    ),
  }));

  return (
    <section className="mx-auto max-w-3xl px-4 py-16 md:py-24">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{FAQ.heading}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{FAQ.intro}</p>
      <Accordion items={items} headingLevel={2} className="mt-10 border-y border-border" />
      <div className="mt-12 rounded-2xl border border-border bg-card p-6 text-center">
        <p className="text-muted-foreground">{FAQ.stillHaveQuestions.text}</p>
        <ButtonLink to={FAQ.stillHaveQuestions.link.to} size="lg" className="mt-3">
          {FAQ.stillHaveQuestions.link.label}
        </ButtonLink>
      </div>
    </section>
  );
}
