import type { SQL } from "drizzle-orm";
import type { Db } from "~/server/db.server";
import { agreementAcceptances, agreementVersions, onboardingSettings } from "~/server/schema";

/**
 * The backup test's odd rows in the agreement tables (tests/integration/backup.test.ts,
 * docs/decisions/0047-coaching-agreement.md): Markdown with quotes and HTML, a version whose author is
 * gone, an acceptance with no address, the coach's gates row.
 */
export async function addOddAgreementRows(
  db: Db,
  { odd, ghost, at, text }: { odd: { id: string }; ghost: { id: string }; at: SQL; text: string },
): Promise<void> {
  const body = `# Terms\n\n${text}\n\n<b>"quoted"</b> \\ back\\slash`;
  const [first, second] = await db
    .insert(agreementVersions)
    .values([
      { body, bodySha256: "a".repeat(64), requiresAcceptance: true, createdBy: ghost.id },
      { body: `${body}\n\nfixed`, bodySha256: "b".repeat(64), requiresAcceptance: false, createdBy: null },
    ])
    .returning();
  if (!first || !second) throw new Error("no agreement versions");
  await db.insert(agreementAcceptances).values([
    {
      profileId: odd.id,
      version: first.version,
      bodySha256: first.bodySha256,
      fullName: text,
      ipAddress: "2001:db8::1",
      userAgent: text,
      acceptedAt: at as unknown as Date,
    },
    {
      profileId: ghost.id,
      version: second.version,
      bodySha256: second.bodySha256,
      fullName: "Ghost",
      ipAddress: null,
      userAgent: null,
    },
  ]);
  await db
    .insert(onboardingSettings)
    .values({ id: 1, intakeBeforeBooking: false, agreementBeforeBooking: true, updatedBy: ghost.id });
}
