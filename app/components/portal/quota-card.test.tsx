import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import type { UsageItem } from "~/domain/usage";
import { PlanView } from "./plan-view";
import { QuotaCard } from "./quota-card";

// A quota says what its figures are: "2 of 3 used", the same on the dashboard's card and the plan page
// (issue 41: the card read "2 / 3").

const mocks: UsageItem = {
  kind: "mock_interview",
  label: "Mock interview",
  used: 2,
  included: 3,
  percent: 67,
  singleUse: false,
  completed: false,
  includedInPlan: true,
  expiry: null,
};

const textOf = (html: string) => html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");

test("the dashboard's quota card reads '2 of 3 used', as its bar does", () => {
  const html = renderToStaticMarkup(<QuotaCard item={mocks} />);
  expect(textOf(html)).toContain("2 of 3 used");
  expect(textOf(html)).not.toContain("/");
  expect(html).toContain('aria-valuetext="2 of 3 used"');
});

test("the plan page says it the same way", () => {
  const page = (
    <PlanView
      data={{
        mode: { kind: "real", plan: "pro" },
        groups: [{ key: "interviews", title: "Interviews", items: [mocks] }],
      }}
    />
  );
  // The page's tabs need a router.
  const router = createMemoryRouter([{ path: "/", element: page }]);
  const html = renderToString(<RouterProvider router={router} />).replaceAll("<!-- -->", "");
  expect(textOf(html)).toContain("Mock interview2 of 3 used");
});

// docs/decisions/0055-no-shows-and-expiry.md, "Expiry": a period set shows its end; once over, the card and
// the plan page say the sessions expired instead of a count.
const at = "2026-03-31T10:00:00.000Z";

test("a period not over yet shows the count and the day unused ones expire", () => {
  const html = renderToStaticMarkup(<QuotaCard item={{ ...mocks, expiry: { at, passed: false } }} />);
  expect(textOf(html)).toContain("2 of 3 used");
  expect(textOf(html)).toContain("Unused ones expire on March 31, 2026.");
  expect(html).toContain('role="progressbar"');
});

test("a period over says the sessions expired on that day instead of a count", () => {
  const expired = { ...mocks, expiry: { at, passed: true } };
  const html = renderToStaticMarkup(<QuotaCard item={expired} />);
  expect(textOf(html)).toContain("Expired");
  expect(textOf(html).replaceAll("&#x27;", "'")).toContain("This plan's sessions expired on March 31, 2026.");
  expect(html).not.toContain('role="progressbar"');
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <PlanView
          data={{
            mode: { kind: "real", plan: "pro" },
            groups: [{ key: "interviews", title: "Interviews", items: [expired] }],
          }}
        />
      ),
    },
  ]);
  const page = renderToString(<RouterProvider router={router} />).replaceAll("<!-- -->", "");
  expect(textOf(page)).toContain("Mock interviewExpired on March 31, 2026");
});
