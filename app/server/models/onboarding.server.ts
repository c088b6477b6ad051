import { eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db.server";
import { intakeResponses, onboardingSettings, profiles } from "../schema";
import { readSettingsRow } from "./settings-row.server";

// What a client still has to do before their first session: the intake questionnaire
// (docs/decisions/0046-intake-questionnaire.md) and the coaching agreement (0047-coaching-agreement.md).
// Shared by the dashboard, the booking buttons and the admin.

export const DEFAULT_ONBOARDING = { intakeBeforeBooking: true, agreementBeforeBooking: true } as const;

export function onboardingOptions(
  db: DbOrTx,
): Promise<{ intakeBeforeBooking: boolean; agreementBeforeBooking: boolean }> {
  const { intakeBeforeBooking, agreementBeforeBooking } = onboardingSettings;
  return readSettingsRow(
    db,
    onboardingSettings,
    { intakeBeforeBooking, agreementBeforeBooking },
    DEFAULT_ONBOARDING,
  );
}

/** In the transaction that makes someone a client, or when the coach asks again; at most one open. */
export async function requestIntake(tx: DbOrTx, profileId: string, requestedBy: string | null) {
  await tx.insert(intakeResponses).values({ profileId, requestedBy }).onConflictDoNothing();
}

/**
 * What onboardingSteps reads, as SQL columns on one person, so a page's one query can carry them (the
 * dashboard's: portal.server.ts). Explicit aliases: inside select fields, drizzle leaves names unqualified.
 */
export function onboardingColumns(profileId: SQL | SQL.Aliased | Placeholder) {
  return {
    intakeOpen: sql<boolean>`EXISTS (
      SELECT 1 FROM intake_responses r WHERE r.profile_id = ${profileId} AND r.submitted_at IS NULL)`.as(
      "intake_open",
    ),
    agreementDue: sql<number | null>`(
      SELECT v.version FROM agreement_versions v WHERE v.requires_acceptance AND NOT EXISTS (
        SELECT 1 FROM agreement_acceptances a WHERE a.profile_id = ${profileId} AND a.version >= v.version)
      ORDER BY v.version DESC LIMIT 1)`.as("agreement_due"),
    intakeGate: sql<boolean | null>`(
      SELECT s.intake_before_booking FROM onboarding_settings s WHERE s.id = 1)`.as("intake_gate"),
    agreementGate: sql<boolean | null>`(
      SELECT s.agreement_before_booking FROM onboarding_settings s WHERE s.id = 1)`.as("agreement_gate"),
  };
}

type OnboardingRow = {
  intakeOpen: boolean;
  agreementDue: number | null;
  intakeGate: boolean | null;
  agreementGate: boolean | null;
};

/**
 * `intake`: an open request is waiting. `agreement`: the newest version that asks for acceptance, when this
 * person has accepted neither it nor a later one. `blocksBooking`: the steps the coach holds booking back for.
 */
export function stepsOf(row: OnboardingRow | undefined) {
  const intake = row?.intakeOpen ?? false;
  const agreement = row?.agreementDue ?? null;
  return {
    intake,
    agreement,
    blocksBooking: {
      intake: intake && (row?.intakeGate ?? DEFAULT_ONBOARDING.intakeBeforeBooking),
      agreement: agreement !== null && (row?.agreementGate ?? DEFAULT_ONBOARDING.agreementBeforeBooking),
    },
  };
}

/** One round trip; an unknown person has nothing to do. */
export async function onboardingSteps(db: DbOrTx, profileId: string) {
  const [row] = await db
    .select(onboardingColumns(sql`${profileId}::uuid`))
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return stepsOf(row);
}

export type OnboardingSteps = Awaited<ReturnType<typeof onboardingSteps>>;
