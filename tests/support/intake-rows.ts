import type { SQL } from "drizzle-orm";
import type { Db } from "~/server/db.server";
import { intakeQuestionnaires, intakeResponses } from "~/server/schema";

/** The required answers of the default questions, as `/intake`'s form posts them (`intent: "submit"`). */
export const INTAKE_ANSWERS: Record<string, string> = {
  "q.target-roles": "Backend engineer",
  "q.timeline": "In 1–3 months",
  "q.situation": "Between jobs",
  "q.worry": "Matrix worry",
};

/**
 * The backup test's odd rows in the intake tables (tests/integration/backup.test.ts): jsonb with quotes,
 * HTML and emoji, a version made by no one, a sent response with its snapshot and an open draft.
 */
export async function addOddIntakeRows(
  db: Db,
  { odd, ghost, at, text }: { odd: { id: string }; ghost: { id: string }; at: SQL; text: string },
): Promise<void> {
  const questions = [
    { id: "odd", type: "long" as const, label: text, help: '<b>"quoted"</b>', required: true },
    {
      id: "pick",
      type: "many" as const,
      label: "Pick",
      required: false,
      options: ["a,b", "{brace}", "漢字"],
    },
  ];
  const [version] = await db
    .insert(intakeQuestionnaires)
    .values({ questions, createdBy: null })
    .returning({ version: intakeQuestionnaires.version });
  if (!version) throw new Error("no questionnaire");
  await db.insert(intakeResponses).values([
    {
      profileId: odd.id,
      requestedBy: ghost.id,
      answers: { odd: text, pick: ["a,b", "漢字"] },
      questionnaireVersion: version.version,
      questions,
      submittedAt: at as unknown as Date,
    },
    { profileId: odd.id, requestedBy: null, answers: { odd: "<script>x</script>" } },
  ]);
}
