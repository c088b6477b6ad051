import { and, desc, eq, gte, isNull, notExists, sql } from "drizzle-orm";
import type { DbOrTx } from "../db.server";
import { agreementAcceptances, agreementVersions, intakeResponses, onboardingSettings } from "../schema";

// What a client still has to do before their first session: the intake questionnaire
// (docs/decisions/0046-intake-questionnaire.md) and the coaching agreement (0047-coaching-agreement.md).
// Shared by the dashboard, the booking buttons and the admin.

export const DEFAULT_ONBOARDING = { intakeBeforeBooking: true, agreementBeforeBooking: true } as const;

export async function onboardingOptions(db: DbOrTx) {
  const [row] = await db
    .select({
      intakeBeforeBooking: onboardingSettings.intakeBeforeBooking,
      agreementBeforeBooking: onboardingSettings.agreementBeforeBooking,
    })
    .from(onboardingSettings)
    .where(eq(onboardingSettings.id, 1));
  return row ?? DEFAULT_ONBOARDING;
}

/** In the transaction that makes someone a client, or when the coach asks again; at most one open. */
export async function requestIntake(tx: DbOrTx, profileId: string, requestedBy: string | null) {
  await tx.insert(intakeResponses).values({ profileId, requestedBy }).onConflictDoNothing();
}

/**
 * `intake`: an open request is waiting. `agreement`: the newest version that asks for acceptance, when this
 * person has accepted neither it nor a later one. `blocksBooking`: the steps the coach holds booking back for.
 */
export async function onboardingSteps(db: DbOrTx, profileId: string) {
  const [options, [open], [due]] = await Promise.all([
    onboardingOptions(db),
    db
      .select({ id: intakeResponses.id })
      .from(intakeResponses)
      .where(and(eq(intakeResponses.profileId, profileId), isNull(intakeResponses.submittedAt))),
    db
      .select({ version: agreementVersions.version })
      .from(agreementVersions)
      .where(
        and(
          eq(agreementVersions.requiresAcceptance, true),
          notExists(
            db
              .select({ one: sql`1` })
              .from(agreementAcceptances)
              .where(
                and(
                  eq(agreementAcceptances.profileId, profileId),
                  gte(agreementAcceptances.version, agreementVersions.version),
                ),
              ),
          ),
        ),
      )
      .orderBy(desc(agreementVersions.version))
      .limit(1),
  ]);
  const intake = open !== undefined;
  const agreement = due?.version ?? null;
  return {
    intake,
    agreement,
    blocksBooking: {
      intake: intake && options.intakeBeforeBooking,
      agreement: agreement !== null && options.agreementBeforeBooking,
    },
  };
}

export type OnboardingSteps = Awaited<ReturnType<typeof onboardingSteps>>;
