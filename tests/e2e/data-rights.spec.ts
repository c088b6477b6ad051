import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { readZip } from "../support/zip";
import { openAs } from "./sign-in";
import { expect, gotoHydrated, test } from "./support";

// docs/decisions/0016-data-rights.md.

test("a signed-in person downloads their data and asks for deletion", async ({ page }) => {
  const id = randomUUID().slice(0, 10);
  const who = { sub: `rights-${id}`, email: `rights-${id}@example.com`, name: `Rights ${id}` };
  await openAs(page, who, "/account");
  await expect(page.getByRole("heading", { level: 1, name: "Your data" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data (ZIP)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("my-data.zip");
  const archive = await readZip(await readFile((await download.path()) as string));
  expect([...archive.keys()]).toEqual(["my-data.json"]);
  const exported = JSON.parse(archive.get("my-data.json")?.toString("utf8") ?? "null");
  expect(exported.profile.email).toBe(who.email);
  expect(exported.accounts).toEqual([expect.objectContaining({ subject: who.sub })]);
  expect(typeof exported.generatedAt).toBe("string");

  await page.getByLabel("Note (optional)").fill("Please remove everything.");
  await page.getByRole("button", { name: "Request deletion" }).click();
  const received = "We've received your request. The coach will confirm by email within 30 days.";
  await expect(page.getByRole("status")).toHaveText(received);
  await expect(page.getByRole("button", { name: "Request deletion" })).toHaveCount(0);
  await gotoHydrated(page, "/account");
  await expect(page.getByRole("status")).toHaveText(received);
  await expect(page.getByRole("button", { name: "Request deletion" })).toHaveCount(0);
});

test("signed out: the page sends you to sign in, the download is a 401", async ({ page, request }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  const response = await request.get("/account/data");
  expect(response.status()).toBe(401);
  expect(response.headers()["cache-control"]).toBe("no-store");
});
