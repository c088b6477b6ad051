import { Form, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { Button } from "~/components/ui/button";
import { compactInputClass } from "~/components/ui/control-classes";
import { TextField } from "~/components/ui/fields";
import { HeadedSection } from "~/components/ui/headed-section";
import { CODE_SETTINGS, PRICING_PLANS, type PricingPlanKey } from "~/content/pricing";
import { money, offerTitle } from "~/domain/orders";
import { formatted, SERVER_TIME_ZONE } from "~/lib/local-time";
import { markPaidForm, sponsorCodeForm, voidCodeForm } from "~/lib/schemas/codes";
import { privateMeta } from "~/lib/seo";
import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { actionOf } from "~/server/intents.server";
import { createSponsorCode, listSponsorCodes, voidCode } from "~/server/models/codes.server";
import { markRewardPaid, rewardsOwed } from "~/server/models/referrals.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/codes";

export const access = routeAccess({ loader: staff("payments.read") });

// Sponsor codes and the referral rewards owed in cash (docs/decisions/0044-discount-codes.md): the coach
// reads, the admin changes.

export async function loader({ context }: Route.LoaderArgs) {
  const db = await getDb();
  const permit = permitFor(context, "payments.read");
  const [codes, owed] = await Promise.all([listSponsorCodes(db, permit), rewardsOwed(db, permit)]);
  return { codes, owed };
}

export const action = actionOf("staff", (intent) => ({
  "create-code": intent({
    permission: "codes.manage",
    form: sponsorCodeForm,
    handler: async (input, { db, permit }) => {
      const made = await createSponsorCode(db, permit, {
        code: input.code,
        percent: input.percent,
        offers: input.offers as PricingPlanKey[],
        maxUses: input.maxUses,
        expiresAt: input.expires,
        note: input.note || null,
      });
      return { message: `Code ${made.code} made.` };
    },
  }),
  "void-code": intent({
    permission: "codes.manage",
    form: voidCodeForm,
    handler: ({ id }, { db, permit }) => voidCode(db, permit, id),
  }),
  "mark-paid": intent({
    permission: "codes.manage",
    form: markPaidForm,
    handler: (input, { db, permit }) => markRewardPaid(db, permit, { ...input, note: input.note || null }),
  }),
}));

export const meta = privateMeta("Codes and referrals", "Sponsor codes and referral rewards.");

export default function Codes({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, owed } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <AdminPage title="Codes and referrals">
      {actionData?.ok === false ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {actionData.error}
        </p>
      ) : actionData?.ok && actionData.value && "message" in actionData.value ? (
        <p role="status" className="mt-3 text-sm">
          {actionData.value.message}
        </p>
      ) : null}

      <HeadedSection id="owed-title" title="Referral rewards owed" className="mt-8">
        {owed.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No cash rewards owed.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {owed.map((row) => (
              <li
                key={`${row.referrerId}-${row.currency}`}
                className="rounded-xl border border-border p-3 text-sm"
              >
                <p>
                  <span className="font-medium">{row.person?.fullName ?? row.person?.email ?? "—"}</span>{" "}
                  {row.person?.email ? (
                    <span className="text-muted-foreground">({row.person.email})</span>
                  ) : null}
                  : <span className="font-semibold">{money(row.amount, row.currency)}</span>
                </p>
                <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="mark-paid" />
                  <input type="hidden" name="referrerId" value={row.referrerId} />
                  <input type="hidden" name="currency" value={row.currency} />
                  <input type="hidden" name="amount" value={row.amount} />
                  <TextField
                    name="note"
                    label="Note"
                    maxLength={500}
                    compact
                    placeholder="e-Transfer, date…"
                  />
                  <Button type="submit" variant="outline" size="sm" disabled={busy}>
                    Mark paid
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </HeadedSection>

      <HeadedSection id="sponsor-title" title="Sponsor codes" className="mt-10">
        <Form
          method="post"
          className="mt-3 grid gap-3 rounded-xl border border-border p-4 text-sm sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="create-code" />
          <TextField
            name="code"
            label="Code"
            required
            maxLength={40}
            inputClassName={`${compactInputClass} uppercase`}
          />
          <TextField
            name="percent"
            label="Discount (%)"
            type="number"
            min={1}
            max={99}
            step={1}
            defaultValue={CODE_SETTINGS.sponsorDefaultPercent}
            compact
          />
          <fieldset className="sm:col-span-2">
            <legend>Offers (none ticked: every offer)</legend>
            <div className="mt-1 flex flex-wrap gap-3">
              {PRICING_PLANS.map((plan) => (
                <label key={plan.planKey} className="flex items-center gap-1">
                  <input type="checkbox" name="offers" value={plan.planKey} />
                  {plan.title}
                </label>
              ))}
            </div>
          </fieldset>
          <TextField name="maxUses" label="Uses (empty: no limit)" type="number" min={1} step={1} compact />
          <TextField
            name="expires"
            label={`Expires after (end of that day, ${SERVER_TIME_ZONE}; empty: never)`}
            type="date"
            compact
          />
          <TextField
            name="note"
            label="Note (who the sponsor is)"
            maxLength={500}
            className="sm:col-span-2"
            compact
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Make code
            </Button>
          </div>
        </Form>
        {codes.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">No sponsor codes yet.</p>
        ) : (
          <table className="stacked-table mt-4 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-border">
                <th className="py-2 pr-3">Code</th>
                <th className="py-2 pr-3">Discount</th>
                <th className="py-2 pr-3">Offers</th>
                <th className="py-2 pr-3">Uses</th>
                <th className="py-2 pr-3">Revenue</th>
                <th className="py-2 pr-3">Note</th>
                <th className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <tr key={code.id} className="border-b border-border align-top">
                  <td className="py-2 pr-3 font-mono" data-label="Code">
                    {code.code}
                    {code.voidedAt ? <span className="ml-1 text-muted-foreground">(ended)</span> : null}
                    {code.expiresAt ? (
                      <span className="block text-xs text-muted-foreground">
                        until the end of {formatted(new Date(code.expiresAt), SERVER_TIME_ZONE, "date")}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3" data-label="Discount">
                    {code.percent}%
                  </td>
                  <td className="py-2 pr-3" data-label="Offers">
                    {code.offers ? code.offers.map(offerTitle).join(", ") : "All"}
                  </td>
                  <td className="py-2 pr-3" data-label="Uses">
                    {code.uses}
                    {code.maxUses ? ` of ${code.maxUses}` : ""}
                  </td>
                  <td className="py-2 pr-3" data-label="Revenue">
                    {Object.entries(code.revenue)
                      .map(([currency, amount]) => money(amount, currency))
                      .join(", ") || "—"}
                  </td>
                  <td className="py-2 pr-3" data-label="Note">
                    {code.note ?? ""}
                  </td>
                  <td className="py-2">
                    {code.voidedAt ? null : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="void-code" />
                        <input type="hidden" name="id" value={code.id} />
                        <Button type="submit" variant="outline" size="sm" disabled={busy}>
                          End
                        </Button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </HeadedSection>
    </AdminPage>
  );
}
