import { LightLink } from "~/components/light-link";

// First on a new client's dashboard while something waits (docs/decisions/0046-intake-questionnaire.md).

export type FirstSteps = { intake: boolean };

export function BeforeFirstSession({ steps }: { steps: FirstSteps }) {
  if (!steps.intake) return null;
  return (
    <section
      aria-labelledby="first-session-heading"
      className="rounded-xl border border-primary/40 bg-accent p-4 text-accent-foreground"
    >
      <h2 id="first-session-heading" className="text-xl font-semibold">
        Before your first session
      </h2>
      <p className="mt-2">A few questions so your coach can prepare for you. It takes about five minutes.</p>
      <LightLink to="/intake" className="mt-3 inline-block font-semibold underline underline-offset-2">
        Fill in the intake questionnaire
      </LightLink>
    </section>
  );
}
