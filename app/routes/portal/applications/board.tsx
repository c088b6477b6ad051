import { type DragEvent, useState } from "react";
import { useFetcher } from "react-router";
import { MoveForm } from "~/components/job-search/move-form";
import { LightLink } from "~/components/light-link";
import { CalendarDate } from "~/components/portal/local-date-time";
import {
  byStageColumns,
  ENDED_STAGES,
  type JobStage,
  PIPELINE_STAGES,
  STAGE_LABELS,
} from "~/domain/job-search";
import type { Card } from "./view.server";

// The board: a column per stage of the pipeline, the three ends grouped after it and folded. On a phone the
// columns stack (one scroll, nothing hidden sideways); from `lg` they sit side by side and the row scrolls
// sideways, with a hint that it does. Each card moves by its own form; when scripts run it can also be
// dragged onto another column, which posts the same form's fields.

const DRAGGED = "application/x-job-application";

export function days(n: number): string {
  return n === 1 ? "1 day in stage" : `${n} days in stage`;
}

export function Board({ cards, readOnly }: { cards: Card[]; readOnly: boolean }) {
  const drop = useFetcher();
  // While a dropped card's move is on its way, it shows in the column it was dropped on.
  const pending =
    drop.state !== "idle" && drop.formData
      ? {
          id: String(drop.formData.get("applicationId")),
          stage: String(drop.formData.get("stage")) as JobStage,
        }
      : null;
  const shown = pending
    ? cards.map((card) => (card.id === pending.id ? { ...card, stage: pending.stage } : card))
    : cards;
  const columns = byStageColumns(shown);
  const onDrop = readOnly
    ? undefined
    : (stage: JobStage, event: DragEvent) => {
        const id = event.dataTransfer.getData(DRAGGED);
        const card = cards.find((c) => c.id === id);
        if (!card || card.stage === stage) return;
        event.preventDefault();
        drop.submit({ intent: "move", applicationId: id, stage }, { method: "post" });
      };
  const ended = ENDED_STAGES.reduce((sum, stage) => sum + columns[stage].length, 0);
  return (
    <div className="grid gap-6">
      <p className="hidden text-sm text-muted-foreground lg:block">Scroll sideways for every stage →</p>
      <section aria-label="Board" className="grid gap-4 lg:flex lg:overflow-x-auto lg:pb-2">
        {PIPELINE_STAGES.map((stage) => (
          <Column key={stage} stage={stage} cards={columns[stage]} readOnly={readOnly} onDrop={onDrop} />
        ))}
      </section>
      <details
        className="rounded-xl border border-border"
        open={ended > 0 && ended === shown.length ? true : undefined}
      >
        <summary className="cursor-pointer px-4 py-3 font-medium">
          Ended ({ended}): declined, rejected, withdrawn
        </summary>
        <div className="grid gap-4 px-4 pb-4 lg:grid-cols-3">
          {ENDED_STAGES.map((stage) => (
            <Column key={stage} stage={stage} cards={columns[stage]} readOnly={readOnly} onDrop={onDrop} />
          ))}
        </div>
      </details>
    </div>
  );
}

function Column({
  stage,
  cards,
  readOnly,
  onDrop,
}: {
  stage: JobStage;
  cards: Card[];
  readOnly: boolean;
  onDrop: ((stage: JobStage, event: DragEvent) => void) | undefined;
}) {
  const [over, setOver] = useState(false);
  const headingId = `stage-${stage}`;
  return (
    <section
      aria-labelledby={headingId}
      data-stage={stage}
      className={`rounded-xl bg-muted/50 p-3 lg:w-72 lg:shrink-0 ${over ? "outline-2 outline-primary" : ""}`}
      onDragOver={
        onDrop
          ? (event) => {
              if (!event.dataTransfer.types.includes(DRAGGED)) return;
              event.preventDefault();
              setOver(true);
            }
          : undefined
      }
      onDragLeave={() => setOver(false)}
      onDrop={
        onDrop
          ? (event) => {
              setOver(false);
              onDrop(stage, event);
            }
          : undefined
      }
    >
      {/* The region is named by the stage alone; the heading also reads its count. */}
      <h2 className="flex items-baseline justify-between gap-2 font-semibold">
        <span id={headingId}>{STAGE_LABELS[stage]}</span>
        <span className="text-sm font-normal text-muted-foreground">{cards.length}</span>
      </h2>
      {cards.length > 0 && (
        <ul className="mt-3 grid gap-3">
          {cards.map((card) => (
            <li key={card.id}>
              <CardItem card={card} readOnly={readOnly} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CardItem({ card, readOnly }: { card: Card; readOnly: boolean }) {
  return (
    <article
      aria-label={`${card.company}, ${card.role}`}
      className="rounded-lg border border-border bg-card p-3 text-sm"
      draggable={!readOnly}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAGGED, card.id);
        event.dataTransfer.effectAllowed = "move";
      }}
    >
      <h3 className="font-semibold">
        {card.href ? (
          <LightLink to={card.href} className="underline-offset-2 hover:underline">
            {card.company}
          </LightLink>
        ) : (
          card.company
        )}
      </h3>
      <p>{card.role}</p>
      <p className="mt-1 text-muted-foreground">
        <CalendarDate value={card.appliedOn} /> · {days(card.days)}
        {card.remote ? " · Remote" : card.location ? ` · ${card.location}` : ""}
      </p>
      {!readOnly && (
        <MoveForm
          applicationId={card.id}
          stage={card.stage}
          name={`${card.company}, ${card.role}`}
          className="mt-2 flex flex-wrap items-end gap-2"
        />
      )}
    </article>
  );
}
