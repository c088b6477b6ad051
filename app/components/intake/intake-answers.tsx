import { SafeLink } from "~/components/safe-link";
import { answerText, type IntakeAnswers, type IntakeQuestion } from "~/lib/schemas/intake";

// Sent answers beside the questions as they were asked (the response's snapshot, never the questions in
// force now). Text only: React escapes it, so HTML typed in an answer shows as the characters typed.

export function IntakeAnswersList({
  questions,
  answers,
}: {
  questions: readonly IntakeQuestion[];
  answers: IntakeAnswers;
}) {
  return (
    <dl className="grid gap-3">
      {questions.map((q) => {
        const text = answerText(answers[q.id]);
        return (
          <div key={q.id} className="grid gap-0.5">
            <dt className="text-sm font-medium text-muted-foreground">{q.label}</dt>
            {/* wrap-anywhere: a long pasted address narrows these grids too, so no page scrolls sideways. */}
            <dd className="whitespace-pre-wrap wrap-anywhere">
              {text === "" ? (
                <span className="text-muted-foreground">No answer</span>
              ) : q.type === "link" ? (
                <SafeLink link={{ url: text, label: text }} />
              ) : (
                text
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
