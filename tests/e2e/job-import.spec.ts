import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expectNoSidewaysScroll } from "./appearance";
import { freshClient } from "./job-clients";
import { patientExpect as expect, gotoHydrated, liveStreamsOf, test } from "./support";

// The job search's import and export (docs/decisions/0053-job-search.md, "Import and export"): on a 360 px
// phone a client imports a Huntr export — preview of every row, then the import — and finds the
// applications on the board; a spreadsheet goes through the column-mapping step; a row that cannot be read
// is listed and nothing can be imported; the export downloads and parses back. Each test has a fresh client
// (the seed's Daniel keeps his quiet sample search for the coach's board, tests/e2e/job-search-coach.spec.ts).

const FIXTURES = "tests/fixtures/job-import";
const column = (page: Page, stage: string) => page.getByRole("region", { name: stage, exact: true });

async function choose(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel(/^Your CSV file/).setInputFiles({ name, mimeType: "text/csv", buffer });
}

test("on a 360 px phone a client imports a Huntr export, checks the preview, and sees it on the board; the export parses back", async ({
  newPage,
}) => {
  const { page } = await freshClient(newPage, "Huntr");
  const liveUpdate = await liveStreamsOf(page);
  await gotoHydrated(page, "/applications");
  await page.getByRole("link", { name: "Import from a CSV" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import applications" })).toBeVisible();
  await expect(page.getByText(/at most 2 MB and 5,000 rows/)).toBeVisible();

  await choose(page, "huntr.csv", readFileSync(`${FIXTURES}/huntr.csv`));
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(
    page.getByRole("heading", { name: "Preview: 5 applications from your Huntr export" }),
  ).toBeVisible();
  // A live update while the preview is on screen leaves it there: a revalidation would drop the route's
  // answer, so app/components/live-updates.tsx holds it until the client moves on (CI lost a mapping so).
  const revalidated = page
    .waitForRequest((request) => new URL(request.url()).pathname === "/applications/import.data", {
      timeout: 3_000,
    })
    .then(
      () => true,
      () => false,
    );
  await liveUpdate();
  expect(await revalidated, "the page's data asked for again under the preview").toBe(false);
  const preview = page.getByRole("table", { name: "Rows to import" });
  await expect(preview.getByRole("rowheader")).toHaveText([
    "Acme Corp",
    "Globex",
    "Initech",
    "Umbrella",
    "Hooli",
  ]);
  await expect(preview.getByRole("row").filter({ hasText: "Initech" })).toContainText("Recruiter screen");
  await expectNoSidewaysScroll(page, "the preview");

  // The file chosen stays chosen: the import sends it again with the preview's token.
  await page.getByRole("button", { name: "Import 5 applications" }).click();
  await expect(page).toHaveURL(/\/applications\?imported=5$/);
  await expect(page.getByRole("status").filter({ hasText: "Imported 5 applications." })).toBeVisible();
  await expect(
    column(page, "Applied").getByRole("article", { name: "Acme Corp, Backend Engineer" }).first(),
  ).toBeVisible();
  await expect(
    column(page, "Offer").getByRole("article", { name: "Umbrella, Platform Engineer" }).first(),
  ).toBeVisible();
  await expectNoSidewaysScroll(page, "the board");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("job-search.csv");
  const path = await download.path();
  const [header, ...rows] = parse(readFileSync(path), { bom: true }) as string[][];
  expect(header?.slice(0, 3)).toEqual(["Company", "Role", "Link"]);
  expect(rows.map((row) => row[0])).toEqual(expect.arrayContaining(["Acme Corp", "Umbrella", "Hooli"]));
  expect(rows.find((row) => row[0] === "Hooli")?.[8]).toBe("Rejected");
});

test("a spreadsheet goes through the column mapping; a row that cannot be read is listed and blocks the import", async ({
  newPage,
}) => {
  const { page } = await freshClient(newPage, "Sheet");
  await gotoHydrated(page, "/applications/import");
  await choose(page, "custom.csv", readFileSync(`${FIXTURES}/custom.csv`));
  await page.getByRole("button", { name: "Preview" }).click();
  const mapping = page.getByRole("group", { name: "Which column holds what" });
  await expect(mapping.getByRole("combobox", { name: "Company (required)" })).toHaveValue("Employer");
  await expect(mapping.getByRole("combobox", { name: "Location" })).toHaveValue("");
  await mapping.getByRole("combobox", { name: "Location" }).selectOption("Where");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: "Preview: 3 applications from your file" })).toBeVisible();
  const preview = page.getByRole("table", { name: "Rows to import" });
  await expect(preview.getByRole("row").filter({ hasText: "Initech" })).toContainText("Onsite / loop");
  await expect(preview.getByRole("row").filter({ hasText: "Initech" })).toContainText("New York, NY");
  await expect(page.getByRole("button", { name: "Import 3 applications" })).toBeVisible();
  await expectNoSidewaysScroll(page, "the mapping and the preview");

  const broken = `${readFileSync(`${FIXTURES}/custom.csv`, "utf8")}Hooli,Engineer,,,31/12/2026,Ghosted,\n`;
  await choose(page, "custom.csv", Buffer.from(broken));
  await page.getByRole("button", { name: "Preview again" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "1 row cannot be read" })).toContainText(
    'Row 5: stage not known: "Ghosted"',
  );
  await expect(page.getByRole("button", { name: /^Import/ })).toHaveCount(0);
});
