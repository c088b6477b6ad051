import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/domain/viewer";
import { listHomework, submitHomework } from "~/server/models/portal.server";
import { authorize } from "~/server/policy.server";
import { databaseLabel, databaseNow } from "../support/database";
import { at, DAY, homeworkRecords, insertPortalFixture } from "../support/portal-fixture";
import { expectRefusedIn } from "../support/refusal";
import { databaseForFile } from "../support/test-database";

// Handing in homework, own pieces only (docs/decisions/0012-portal.md): another client's answers exactly
// like missing homework, and a refusal changes nothing.

const db = databaseForFile({ seed: true });
let ana: Viewer;
let ben: Viewer;
const hw: Record<string, string> = {};
const { allHomework, homeworkRow, id } = homeworkRecords(db, hw);

beforeAll(async () => {
  const fixture = await insertPortalFixture(db());
  ({ ana, ben } = fixture);
  Object.assign(hw, fixture.hw);
});

const expectRefused = expectRefusedIn(db);

/** submitHomework as the portal's hand-in action calls it, with `who`'s own permit. */
const handIn = (who: Viewer, target: string, url: string | null, note: string | null) =>
  submitHomework(db(), authorize(who, "homework.submit-own"), target, { url, note });

const NOT_FOUND = "That homework was not found.";
const REVIEWED = "This homework has already been reviewed.";

describe(`homework hand-in on ${databaseLabel}`, () => {
  test("assigned → submitted with the link, note and a submission time; nothing else changes", async () => {
    const target = id("ana-due-0320");
    const others = (await allHomework()).filter((h) => h.id !== target);
    const started = await databaseNow(db());

    const result = await handIn(ana, target, "https://example.com/my-work", "Here it is.");

    expect(result).toEqual({ id: target, status: "submitted" });
    const row = await homeworkRow(target);
    expect(row).toMatchObject({
      status: "submitted",
      submissionUrl: "https://example.com/my-work",
      submissionNote: "Here it is.",
      feedback: null,
      reviewedAt: null,
    });
    expect(row.submittedAt).toBeInstanceOf(Date);
    expect(row.submittedAt?.getTime()).toBeGreaterThanOrEqual(started.getTime() - 1_000);
    expect(row.submittedAt?.getTime()).toBeLessThanOrEqual((await databaseNow(db())).getTime() + 1_000);
    expect((await allHomework()).filter((h) => h.id !== target)).toEqual(others);

    const listed = (await listHomework(db(), authorize(ana, "portal.read-own"))).find((h) => h.id === target);
    expect(listed).toMatchObject({ status: "submitted", submissionNote: "Here it is." });
  });

  test("a link alone or a note alone is a valid hand-in", async () => {
    const target = id("ana-due-0305-assigned");
    await handIn(ana, target, null, "Only a note.");
    expect(await homeworkRow(target)).toMatchObject({
      status: "submitted",
      submissionUrl: null,
      submissionNote: "Only a note.",
    });
    await handIn(ana, target, "https://example.com/only-link", null);
    expect(await homeworkRow(target)).toMatchObject({
      status: "submitted",
      submissionUrl: "https://example.com/only-link",
      submissionNote: null,
    });
  });

  test("a submitted piece can be handed in again: the new hand-in replaces the old one", async () => {
    const target = id("ana-due-0305-submitted");
    const before = await homeworkRow(target);
    expect(before.submittedAt).toEqual(at(-2 * DAY));

    const result = await handIn(ana, target, "https://example.com/better", null);

    expect(result).toEqual({ id: target, status: "submitted" });
    const after = await homeworkRow(target);
    expect(after).toMatchObject({
      status: "submitted",
      submissionUrl: "https://example.com/better",
      submissionNote: null,
    });
    expect(after.submittedAt?.getTime()).toBeGreaterThan(before.submittedAt?.getTime() ?? 0);
  });

  test("a reviewed piece is closed: 409 and the row is untouched", async () => {
    const target = id("ana-due-0301-reviewed");
    const before = await allHomework();
    await expectRefused(() => handIn(ana, target, "https://example.com/late", "late"), 409, REVIEWED);
    expect(await allHomework()).toEqual(before);
    expect(await homeworkRow(target)).toMatchObject({
      status: "reviewed",
      submissionUrl: "https://example.com/done",
      feedback: "Good work.",
    });
  });

  test("another client's homework answers 404, exactly like missing homework, and is left untouched", async () => {
    const before = await allHomework();
    for (const target of [id("ben-due-0303"), id("ben-no-due"), id("lead-own"), randomUUID()]) {
      await expectRefused(() => handIn(ana, target, "https://example.com/steal", "mine now"), 404, NOT_FOUND);
    }
    for (const target of [id("ana-due-0320"), id("ana-due-0301-reviewed"), id("ana-no-due-1")]) {
      await expectRefused(() => handIn(ben, target, null, "x"), 404, NOT_FOUND);
    }
    expect(await allHomework()).toEqual(before);
    expect(await homeworkRow(id("ben-due-0303"))).toMatchObject({
      status: "assigned",
      submissionUrl: null,
      submissionNote: null,
      submittedAt: null,
    });
  });

  test("Ben's own hand-in changes only his piece, and Ana's list never shows it", async () => {
    const target = id("ben-due-0303");
    const others = (await allHomework()).filter((h) => h.id !== target);
    await handIn(ben, target, null, "Ben's note");
    expect(await homeworkRow(target)).toMatchObject({ status: "submitted", submissionNote: "Ben's note" });
    expect((await allHomework()).filter((h) => h.id !== target)).toEqual(others);
    const anas = await listHomework(db(), authorize(ana, "portal.read-own"));
    expect(anas.some((h) => h.id === target || h.submissionNote === "Ben's note")).toBe(false);
  });
});
