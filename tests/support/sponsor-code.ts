import type { Db } from "~/server/db.server";
import { createSponsorCode, type SponsorCodeInput } from "~/server/models/codes.server";
import type { Permit } from "~/server/policy.server";

/** A sponsor code as the admin makes one (docs/decisions/0044-discount-codes.md): 25 %, any offer, no limit. */
export function sponsorCode(db: Db, admin: Permit<"codes.manage">, input: Partial<SponsorCodeInput> = {}) {
  return createSponsorCode(db, admin, {
    code: `club ${Math.random().toString(36).slice(2, 8)}`,
    percent: 25,
    offers: null,
    maxUses: null,
    expiresAt: null,
    note: "Student club",
    ...input,
  });
}
