import { createHash } from "node:crypto";
import { and, asc, count, desc, eq } from "drizzle-orm";
import { AGREEMENT_NEWER, AGREEMENT_NO_VERSION } from "~/lib/schemas/agreement";
import type { Db, DbOrTx } from "../db.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { agreementAcceptances, agreementVersions, onboardingSettings, profiles } from "../schema";
import { audit } from "./audit.server";
import { onboardingOptions, onboardingSteps } from "./onboarding.server";
import { saveSettingsRow } from "./settings-row.server";

// The coaching agreement (docs/decisions/0047-coaching-agreement.md): versions are only ever added; an
// acceptance keeps the version, the hash of the text read, the name typed, when, and from which address.

/** A user agent is evidence, not a payload: kept to a length a real browser sends. */
const USER_AGENT_MAX = 500;
const ACCEPTANCES_SHOWN = 500;

export function agreementSha256(body: string): string {
  return createHash("sha256").update(body, "utf8").digest("hex");
}

async function latestVersion(db: DbOrTx) {
  const [row] = await db.select().from(agreementVersions).orderBy(desc(agreementVersions.version)).limit(1);
  return row ?? null;
}

/** The first version always asks for acceptance: there is nothing earlier anyone accepted. */
export async function saveAgreementVersion(
  db: Db,
  permit: Permit<"agreement.manage">,
  input: { body: string; requiresAcceptance: boolean },
) {
  return db.transaction(async (tx) => {
    const first = (await latestVersion(tx)) === null;
    const requiresAcceptance = first || input.requiresAcceptance;
    const bodySha256 = agreementSha256(input.body);
    const [made] = await tx
      .insert(agreementVersions)
      .values({ body: input.body, bodySha256, requiresAcceptance, createdBy: permit.actor.id })
      .returning({ version: agreementVersions.version });
    if (!made) refuse("The agreement could not be saved.", 500);
    await audit(tx, permit, {
      action: "agreement.version",
      targetId: null,
      // The version is a number, not a uuid: it is named in `after`.
      entity: "agreement_version",
      after: { version: made.version, bodySha256, requiresAcceptance, length: input.body.length },
    });
    // What the admin is told depends on whether booking waits for an acceptance (the gate).
    const { agreementBeforeBooking } = await onboardingOptions(tx);
    return {
      version: made.version,
      requiresAcceptance,
      holdsBooking: requiresAcceptance && agreementBeforeBooking,
    };
  });
}

export async function setOnboardingGates(
  db: Db,
  permit: Permit<"agreement.manage">,
  input: { intakeBeforeBooking: boolean; agreementBeforeBooking: boolean },
) {
  await saveSettingsRow(
    db,
    permit,
    {
      table: onboardingSettings,
      entity: "onboarding_settings",
      action: "onboarding.gates",
      read: onboardingOptions,
    },
    input,
  );
}

/** The admin page: every version with its count, the acceptances (of one version, or all), the gates. */
export async function agreementAdminView(db: Db, _permit: Permit<"agreement.read">, version: number | null) {
  const [versions, counts, acceptances, gates] = await Promise.all([
    db
      .select({
        version: agreementVersions.version,
        body: agreementVersions.body,
        bodySha256: agreementVersions.bodySha256,
        requiresAcceptance: agreementVersions.requiresAcceptance,
        createdAt: agreementVersions.createdAt,
        createdBy: profiles.fullName,
      })
      .from(agreementVersions)
      .leftJoin(profiles, eq(profiles.id, agreementVersions.createdBy))
      .orderBy(desc(agreementVersions.version)),
    db
      .select({ version: agreementAcceptances.version, accepted: count() })
      .from(agreementAcceptances)
      .groupBy(agreementAcceptances.version),
    db
      .select({
        id: agreementAcceptances.id,
        version: agreementAcceptances.version,
        fullName: agreementAcceptances.fullName,
        email: profiles.email,
        profileId: agreementAcceptances.profileId,
        ipAddress: agreementAcceptances.ipAddress,
        userAgent: agreementAcceptances.userAgent,
        acceptedAt: agreementAcceptances.acceptedAt,
      })
      .from(agreementAcceptances)
      .innerJoin(profiles, eq(profiles.id, agreementAcceptances.profileId))
      .where(version === null ? undefined : eq(agreementAcceptances.version, version))
      .orderBy(desc(agreementAcceptances.acceptedAt))
      .limit(ACCEPTANCES_SHOWN),
    onboardingOptions(db),
  ]);
  const accepted = new Map(counts.map((c) => [c.version, Number(c.accepted)]));
  return {
    versions: versions.map((v) => ({ ...v, accepted: accepted.get(v.version) ?? 0 })),
    acceptances,
    gates: {
      intakeBeforeBooking: gates.intakeBeforeBooking,
      agreementBeforeBooking: gates.agreementBeforeBooking,
    },
  };
}

/**
 * The client's page: the version shown (`wanted`, else the one due, else the last they accepted, else the
 * current one), whether they may accept it (only the current one), and every version they accepted.
 * A version that is neither current nor accepted by them is not shown (404).
 */
export async function ownAgreementView(db: Db, permit: Permit<"portal.read-own">, wanted: number | null) {
  const id = permit.actor.id;
  const [current, accepted, steps] = await Promise.all([
    latestVersion(db),
    db
      .select({
        version: agreementAcceptances.version,
        fullName: agreementAcceptances.fullName,
        acceptedAt: agreementAcceptances.acceptedAt,
      })
      .from(agreementAcceptances)
      .where(eq(agreementAcceptances.profileId, id))
      .orderBy(asc(agreementAcceptances.version)),
    onboardingSteps(db, id),
  ]);
  if (!current) return { current: null, shown: null, accepted, due: false, blocksBooking: false };
  const lastAccepted = accepted.at(-1)?.version ?? null;
  const version = wanted ?? (steps.agreement !== null ? current.version : (lastAccepted ?? current.version));
  if (version !== current.version && !accepted.some((a) => a.version === version))
    refuse("You have not accepted that version of the agreement.", 404);
  const [row] =
    version === current.version
      ? [current]
      : await db.select().from(agreementVersions).where(eq(agreementVersions.version, version));
  if (!row) refuse(AGREEMENT_NO_VERSION, 404);
  const acceptance = accepted.find((a) => a.version === version) ?? null;
  return {
    current: { version: current.version, acceptedByMe: accepted.some((a) => a.version === current.version) },
    shown: {
      version: row.version,
      body: row.body,
      createdAt: row.createdAt,
      isCurrent: row.version === current.version,
      acceptance,
    },
    accepted,
    due: steps.agreement !== null,
    blocksBooking: steps.blocksBooking.agreement,
  };
}

/**
 * Only the current version can be accepted, and only by the signed-in client for themselves; the
 * address is the app's trusted one (Express's `trust proxy`), never a header the visitor wrote.
 * Accepting a version already accepted changes nothing.
 */
export async function acceptAgreement(
  db: Db,
  permit: Permit<"agreement.accept-own">,
  input: { version: number; fullName: string; ipAddress: string | null; userAgent: string | null },
) {
  const profileId = permit.actor.id;
  return db.transaction(async (tx) => {
    const [wanted] = await tx
      .select()
      .from(agreementVersions)
      .where(eq(agreementVersions.version, input.version));
    if (!wanted) refuse(AGREEMENT_NO_VERSION, 404);
    const current = await latestVersion(tx);
    if (current && current.version !== wanted.version) refuse(AGREEMENT_NEWER, 409);
    const [made] = await tx
      .insert(agreementAcceptances)
      .values({
        profileId,
        version: wanted.version,
        bodySha256: wanted.bodySha256,
        fullName: input.fullName,
        ipAddress: input.ipAddress,
        userAgent: input.userAgent?.slice(0, USER_AGENT_MAX) || null,
      })
      .onConflictDoNothing()
      .returning({ id: agreementAcceptances.id, acceptedAt: agreementAcceptances.acceptedAt });
    if (made)
      await audit(tx, permit, {
        action: "agreement.accept",
        targetId: profileId,
        entity: "agreement_acceptance",
        entityId: made.id,
        after: { version: wanted.version, bodySha256: wanted.bodySha256 },
      });
    return { version: wanted.version, recorded: made !== undefined };
  });
}

/** The person's data export: each acceptance with the text they accepted. */
export async function acceptancesForExport(db: DbOrTx, profileId: string) {
  return db
    .select({
      version: agreementAcceptances.version,
      bodySha256: agreementAcceptances.bodySha256,
      fullName: agreementAcceptances.fullName,
      ipAddress: agreementAcceptances.ipAddress,
      userAgent: agreementAcceptances.userAgent,
      acceptedAt: agreementAcceptances.acceptedAt,
      text: agreementVersions.body,
    })
    .from(agreementAcceptances)
    .innerJoin(agreementVersions, eq(agreementVersions.version, agreementAcceptances.version))
    .where(and(eq(agreementAcceptances.profileId, profileId)))
    .orderBy(asc(agreementAcceptances.version));
}
