import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Download } from "@playwright/test";
import { docx, pdf } from "../support/sample-files";
import { adminPost, proClientBesideAdmin } from "./admin-pages";
import { patientExpect as expect, gotoHydrated, region, test } from "./support";

// Files with homework (docs/decisions/0043-file-storage.md, "Attachments"): the client hands in a resume
// alone, the coach reviews it and hands back a marked-up copy, the client downloads that copy from the
// homework page, which updated by itself.

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const bytesOf = async (download: Download) => readFile((await download.path()) as string);

test("a client hands in a file alone; the coach hands back a marked-up copy with the review; the client downloads it", async ({
  newPage,
}) => {
  const { client, admin, id } = await proClientBesideAdmin(newPage, "Attach");
  const title = `Resume, first draft ${id.slice(0, 8)}`;
  await adminPost(admin.page, id, { intent: "assign-homework", title });

  const page = client.page;
  await gotoHydrated(page, "/homework");
  const piece = page.getByRole("article", { name: title });
  const resume = pdf(40_000);
  await piece.getByLabel("Files (optional)").setInputFiles({
    name: "my resume.pdf",
    mimeType: "application/pdf",
    buffer: resume,
  });
  await piece.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(piece.getByText("Submitted", { exact: true })).toBeVisible();
  await expect(piece.getByRole("link", { name: "my resume.pdf" })).toHaveAttribute("href", /^\/files\//);

  const coach = admin.page;
  await gotoHydrated(coach, `/admin/clients/${id}`);
  const card = region(coach, "To review").getByRole("listitem").filter({ hasText: title });
  const theirs = card.getByRole("link", { name: "my resume.pdf" });
  await expect(theirs).toHaveAttribute("href", /^\/admin\/files\//);
  const fetched = coach.waitForEvent("download");
  await theirs.click();
  expect(sha256(await bytesOf(await fetched))).toBe(sha256(resume));

  const marked = docx({ padding: 2_000 });
  await card.getByLabel(/^Feedback for/).fill("Tightened the summary; see the comments.");
  await card.getByLabel(/^Files for the client/).setInputFiles({
    name: "resume (marked up).docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: marked,
  });
  await card.getByRole("button", { name: "Mark reviewed" }).click();
  await expect(region(coach, "To review")).toContainText("No homework waiting for review.");

  // The client's open page follows without a reload (the review and the files are live events).
  await expect(piece.getByText("Reviewed", { exact: true })).toBeVisible();
  await expect(piece).toContainText("Tightened the summary; see the comments.");
  const back = piece.getByRole("link", { name: "resume (marked up).docx" });
  await expect(back).toBeVisible();
  const downloading = page.waitForEvent("download");
  await back.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("resume (marked up).docx");
  expect(sha256(await bytesOf(download))).toBe(sha256(marked));
});
