import { and, eq, sql } from "drizzle-orm";
import type { Viewer } from "~/domain/viewer";
import type { Db } from "../db.server";
import { publishChange } from "../live/bus.server";
import { notifyNewLead } from "../mail/notify.server";
import { accounts, profiles } from "../schema";

export type Identity = {
  provider: string;
  subject: string;
  email: string;
  name: string | null;
};

const columns = {
  id: profiles.id,
  email: profiles.email,
  fullName: profiles.fullName,
  role: profiles.role,
  plan: profiles.plan,
};

/**
 * Found by the provider's subject, else by email (an admin may have created them), else a new lead.
 * ADMIN_EMAILS is applied at every sign-in, so adding an email later works.
 */
export async function profileForIdentity(
  db: Db,
  identity: Identity,
  adminEmails: readonly string[],
): Promise<Viewer> {
  const email = identity.email.trim();
  const name = identity.name?.trim() || null;
  const isAdmin = adminEmails.includes(email.toLowerCase());

  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select(columns)
      .from(accounts)
      .innerJoin(profiles, eq(profiles.id, accounts.userId))
      .where(and(eq(accounts.providerId, identity.provider), eq(accounts.accountId, identity.subject)))
      .limit(1);

    let profile = linked;
    let created = false;
    if (!profile) {
      // Two first sign-ins at once: the unique email index lets one insert win, both then read it.
      const inserted = await tx
        .insert(profiles)
        .values({ email, fullName: name, role: isAdmin ? "admin" : "lead" })
        .onConflictDoNothing()
        .returning({ id: profiles.id });
      created = inserted.length > 0;
      [profile] = await tx
        .select(columns)
        .from(profiles)
        .where(sql`lower(${profiles.email}) = lower(${email})`)
        .limit(1);
      if (!profile) throw new Error("profile could not be created");
      await tx
        .insert(accounts)
        .values({ providerId: identity.provider, accountId: identity.subject, userId: profile.id })
        .onConflictDoNothing();
    }

    const changes: Partial<typeof profiles.$inferInsert> = {};
    if (isAdmin && profile.role !== "admin") changes.role = "admin";
    if (!profile.fullName && name) changes.fullName = name;
    if (Object.keys(changes).length > 0) {
      [profile] = await tx
        .update(profiles)
        .set(changes)
        .where(eq(profiles.id, profile.id))
        .returning(columns);
      if (!profile) throw new Error("profile vanished during sign-in");
    }
    // Staff hear of a new lead in the transaction that creates them.
    if (created && profile.role === "lead") await notifyNewLead(tx, profile);
    if (created || Object.keys(changes).length > 0) {
      await publishChange(tx, { kind: "profile", clientId: profile.id, userId: profile.id });
    }
    return profile;
  });
}
