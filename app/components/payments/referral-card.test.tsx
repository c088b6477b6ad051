import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { ReferralCard, type ReferralView } from "./referral-card";

// What a referrer reads of each referred purchase (docs/decisions/0044-discount-codes.md): a cash reward is
// an amount; a discount reward is a code of a percent off their next purchase, not that amount off.

const view = (referrals: ReferralView["referrals"]): ReferralView => ({
  code: { code: "MAYA-7K2", reward: "discount" },
  link: "https://coach.test/pricing?ref=MAYA-7K2",
  referrals,
  owed: {},
  payouts: [],
  rewardCodes: [],
});

/** The card holds a <Form>, which needs a router. */
function render(card: ReferralView): string {
  const router = createMemoryRouter([{ path: "/", element: <ReferralCard view={card} busy={false} /> }]);
  return renderToString(<RouterProvider router={router} />).replaceAll("<!-- -->", "");
}

const purchase = (reward: string, amount: number) => ({
  orderId: `order-${reward}-${amount}`,
  offer: "basic",
  reward,
  amount,
  currency: "USD",
});

test("a cash reward reads as its amount", () => {
  expect(render(view([purchase("cash", 2241)]))).toContain("Basic: $22.41 USD in cash");
});

test("a discount reward reads as the code it earned, not as an amount off", () => {
  const html = render(view([purchase("discount", 2241)]));
  expect(html).toContain("Basic: a discount code for your next purchase");
  expect(html).not.toContain("$22.41");
});

test("a purchase refunded in full earns nothing, whichever the reward", () => {
  const html = render(view([purchase("discount", 0), purchase("cash", 0)]));
  expect(html.match(/Basic: refunded, no reward/g)).toHaveLength(2);
});
