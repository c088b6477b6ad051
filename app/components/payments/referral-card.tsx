import { useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { HeadedSection } from "~/components/ui/headed-section";
import { CODE_SETTINGS } from "~/content/pricing";
import { money, offerTitle } from "~/domain/orders";

// A client's referral code, link and rewards (docs/decisions/0044-discount-codes.md).

export type ReferralView = {
  code: { code: string; reward: string | null };
  link: string;
  referrals: { orderId: string; offer: string; reward: string; amount: number; currency: string }[];
  owed: Record<string, number>;
  payouts: { amount: number; currency: string; note: string | null; createdAt: Date | string }[];
  rewardCodes: {
    id: string;
    code: string;
    percent: number | null;
    voidedAt: Date | string | null;
    uses: number;
  }[];
};

/** A discount reward is a code of a percent off the next purchase (listed below), not this amount off. */
function referralReward(r: ReferralView["referrals"][number]): string {
  if (r.amount <= 0) return "refunded, no reward";
  return r.reward === "cash"
    ? `${money(r.amount, r.currency)} in cash`
    : "a discount code for your next purchase";
}

function rewardCodeState(code: ReferralView["rewardCodes"][number]): string {
  if (code.uses > 0) return "used";
  return code.voidedAt ? "withdrawn (the purchase was refunded)" : "ready to use";
}

/** Without JavaScript the field itself can be selected and copied. */
function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
      className="text-sm font-medium text-primary underline underline-offset-4 no-script:hidden"
    >
      <span aria-live="polite">{copied ? "Copied" : "Copy link"}</span>
    </button>
  );
}

export function ReferralCard({ view, busy }: { view: ReferralView; busy: boolean }) {
  const percent = CODE_SETTINGS.referralPercent;
  const owed = Object.entries(view.owed).filter(([, amount]) => amount > 0);
  return (
    <HeadedSection
      id="referral-title"
      title="Refer a friend"
      className="mt-8 rounded-xl border border-border bg-card p-5"
      titleClassName="text-lg font-semibold"
    >
      <p className="mt-1 text-sm text-muted-foreground">
        A friend who buys with your code gets {percent}% off. You get {CODE_SETTINGS.referralRewardPercent}%
        of what they pay in cash, or a {CODE_SETTINGS.referralRewardPercent}% discount code for your next
        purchase.
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Your code</dt>
        <dd className="font-mono font-semibold" data-referral-code="">
          {view.code.code}
        </dd>
        <dt className="text-muted-foreground">Your link</dt>
        {/* On a phone the link takes the card's width under its name: beside it the field showed a dozen
            characters. */}
        <dd className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1">
          <input
            readOnly
            aria-label="Your referral link"
            value={view.link}
            className="h-9 min-w-0 flex-1 rounded-md border border-input bg-background px-2 font-mono text-xs"
          />
          <CopyButton text={view.link} />
        </dd>
      </dl>
      <Form method="post" className="mt-4 text-sm">
        <input type="hidden" name="intent" value="reward-choice" />
        <fieldset>
          <legend className="font-medium">Your reward for each referred purchase</legend>
          <label className="mt-1 flex items-center gap-2">
            <input type="radio" name="reward" value="cash" defaultChecked={view.code.reward !== "discount"} />
            {CODE_SETTINGS.referralRewardPercent}% in cash, paid by your coach
          </label>
          <label className="mt-1 flex items-center gap-2">
            <input
              type="radio"
              name="reward"
              value="discount"
              defaultChecked={view.code.reward === "discount"}
            />
            A {CODE_SETTINGS.referralRewardPercent}% discount code for your next purchase
          </label>
        </fieldset>
        <Button type="submit" variant="outline" size="body" disabled={busy} className="mt-2">
          Save reward choice
        </Button>
      </Form>
      <h3 className="mt-4 font-medium">Your referrals</h3>
      {view.referrals.length === 0 ? (
        <p className="text-sm text-muted-foreground">No purchases with your code yet.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm" aria-label="Referred purchases">
          {view.referrals.map((r) => (
            <li key={r.orderId}>
              {offerTitle(r.offer)}: {referralReward(r)}
            </li>
          ))}
        </ul>
      )}
      {owed.length > 0 ? (
        <p className="mt-2 text-sm" data-rewards-owed="">
          Cash to come: {owed.map(([currency, amount]) => money(amount, currency)).join(" and ")}
        </p>
      ) : null}
      {view.payouts.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label="Rewards paid">
          {view.payouts.map((p) => (
            <li key={`${p.currency}-${String(p.createdAt)}`}>
              Paid {money(p.amount, p.currency)}
              {p.note ? `: ${p.note}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {view.rewardCodes.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label="Your discount codes">
          {view.rewardCodes.map((c) => (
            <li key={c.id}>
              <span className="font-mono font-semibold">{c.code}</span>: {c.percent}% off,{" "}
              {rewardCodeState(c)}
            </li>
          ))}
        </ul>
      ) : null}
    </HeadedSection>
  );
}
