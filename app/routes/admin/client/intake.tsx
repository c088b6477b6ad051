import { useFetcher } from "react-router";
import { useFetcherForm } from "~/components/form";
import { IntakeAnswersList } from "~/components/intake/intake-answers";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { IntentForm } from "~/components/ui/intent-form";
import { noFields } from "~/lib/forms";
import { type ClientAnswer, type ClientData, Section } from "./section";

// What the client answered, beside the questions as they were asked then (the response's own snapshot),
// and the request still waiting, if any (docs/decisions/0046-intake-questionnaire.md).

export function IntakeSection({ data }: { data: ClientData }) {
  const fetcher = useFetcher<ClientAnswer>();
  const form = useFetcherForm(noFields, fetcher);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const asked = answer?.ok && answer.intent === "ask-intake" ? answer.value : null;
  const open = data.intake.find((row) => row.submittedAt === null);
  return (
    <Section id="intake" title="Intake">
      <div className="grid gap-4">
        {open && (
          <p className="text-sm">
            Waiting for answers since <LocalDateTime value={open.requestedAt} />.
          </p>
        )}
        {data.intake.length === 0 && (
          <p className="text-muted-foreground">Not asked to fill in the questionnaire yet.</p>
        )}
        {data.intake.map((row) =>
          row.submittedAt && row.questions ? (
            <article key={row.id} className="rounded-xl border border-border bg-card p-4">
              <h3 className="font-semibold">
                Answered <LocalDateTime value={row.submittedAt} />
              </h3>
              <div className="mt-3">
                <IntakeAnswersList questions={row.questions} answers={row.answers} />
              </div>
            </article>
          ) : null,
        )}
        {/* Asking is for a client with no request waiting (the server refuses a second one too). */}
        {data.may.intake && data.person.role === "client" && !open && (
          <IntentForm
            fetcher={fetcher}
            form={form}
            intent="ask-intake"
            className="grid gap-2"
            submit={data.intake.length === 0 ? "Ask to fill in the questionnaire" : "Ask to fill in again"}
            button={{ variant: "outline", size: "sm", className: "justify-self-start" }}
            after={
              asked && "message" in asked ? (
                <p role="status" className="text-sm">
                  {asked.message}
                </p>
              ) : null
            }
          />
        )}
      </div>
    </Section>
  );
}
