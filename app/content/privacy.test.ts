import { expect, test } from "vitest";
import { analyticsParagraph, PRIVACY } from "./privacy";
import { type AnalyticsTool, SETTINGS } from "./settings";

const tool = (name: string): AnalyticsTool => ({
  name,
  scriptSrc: `https://${name.toLowerCase()}.example/script.js`,
  siteId: "site",
  siteIdAttribute: "data-website-id",
});

test("with no analytics configured, the policy says none runs and promises no tools", () => {
  const text = analyticsParagraph([]);
  expect(text).toMatch(/^We run no analytics tools/);
  expect(text).not.toMatch(/We use/);
});

test("the policy names exactly the analytics tools the settings load", () => {
  expect(analyticsParagraph([tool("Umami")])).toMatch(
    /^We use one analytics tool, Umami, to count page views .* It sees the pages you visit/,
  );
  expect(analyticsParagraph([tool("Umami"), tool("Plausible")])).toMatch(
    /^We use two analytics tools, Umami and Plausible, to count page views .* They see the pages you visit/,
  );
  expect(analyticsParagraph([tool("A"), tool("B"), tool("C")])).toMatch(
    /^We use three analytics tools, A, B and C,/,
  );
});

test("the published policy's analytics sentence comes from the site settings", () => {
  const section = PRIVACY.sections.find((s) => s.id === "third-parties");
  expect(section?.paragraphs[0]).toBe(analyticsParagraph(SETTINGS.analytics));
});
