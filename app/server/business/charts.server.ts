import { scaleBand, scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { shortMonth } from "~/domain/business";
import { formatMoney, parseCurrency } from "~/domain/financing";
import type { MonthMoney } from "./money.server";

// Charts drawn here, on the server, as SVG text the page puts in as is: d3-scale and d3-shape never reach
// the browser (docs/decisions/0054-business-at-a-glance.md). Colours are the theme's Tailwind classes
// (app/app.css), so both themes hold; the viewBox and width 100% fit 360 px. The numbers are in a table
// beside each chart; the SVG is an image to a screen reader, with its title.

const WIDTH = 480;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 4, bottom: 30, left: 62 };

const xmlText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const moneyTick = (cents: number, currency: string) =>
  formatMoney(Math.round(cents / 100), parseCurrency(currency) ?? "CAD");

/**
 * One currency's year: gross charged up, money returned (refunds and lost disputes) down, the net as a
 * line. `months`: "YYYY-MM" of the period in order, each drawn even without money.
 */
export function revenueChart(
  currency: string,
  months: readonly string[],
  rows: readonly MonthMoney[],
): string {
  const byMonth = new Map(rows.filter((r) => r.currency === currency).map((r) => [r.month, r]));
  const points = months.map((month) => {
    const r = byMonth.get(month);
    return {
      month,
      gross: r?.gross ?? 0,
      returned: (r?.refunds ?? 0) + (r?.disputes ?? 0),
      net: r?.net ?? 0,
    };
  });
  const top = Math.max(1, ...points.map((p) => p.gross));
  const bottom = Math.min(0, ...points.map((p) => Math.min(-p.returned, p.net)));
  const x = scaleBand<string>()
    .domain(months)
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2);
  const y = scaleLinear()
    .domain([bottom, top])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const zero = y(0);
  const bars = points
    .map((p) => {
      const left = x(p.month) ?? 0;
      const up = `<rect class="fill-primary/70" x="${left}" y="${y(p.gross)}" width="${x.bandwidth()}" height="${Math.max(0, zero - y(p.gross))}"/>`;
      const down =
        p.returned > 0
          ? `<rect class="fill-danger/70" x="${left}" y="${zero}" width="${x.bandwidth()}" height="${Math.max(0, y(-p.returned) - zero)}"/>`
          : "";
      return up + down;
    })
    .join("");
  const netPath =
    line<(typeof points)[number]>()
      .x((p) => (x(p.month) ?? 0) + x.bandwidth() / 2)
      .y((p) => y(p.net))(points) ?? "";
  const ticks = y
    .ticks(4)
    .map(
      (t) =>
        `<g><line class="stroke-border" x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(t)}" y2="${y(t)}"/><text class="fill-muted-foreground" x="${MARGIN.left - 6}" y="${y(t)}" dy="0.32em" text-anchor="end">${xmlText(moneyTick(t, currency))}</text></g>`,
    )
    .join("");
  const labels = months
    .map(
      (m) =>
        `<text class="fill-muted-foreground" x="${(x(m) ?? 0) + x.bandwidth() / 2}" y="${HEIGHT - 10}" text-anchor="middle">${xmlText(shortMonth(m))}</text>`,
    )
    .join("");
  const title = `${currency}: money charged, returned and net, by month`;
  return `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" role="img" aria-label="${xmlText(title)}" class="h-auto text-[15px]" xmlns="http://www.w3.org/2000/svg"><title>${xmlText(title)}</title>${ticks}${bars}<path class="stroke-foreground" fill="none" stroke-width="2" d="${netPath}"/><line class="stroke-foreground" x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${zero}" y2="${zero}"/>${labels}</svg>`;
}

/** The period's months as "YYYY-MM", oldest first. */
export function monthsOf(from: Date, to: Date): string[] {
  const months: string[] = [];
  const at = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  while (at < to && months.length < 120) {
    months.push(at.toISOString().slice(0, 7));
    at.setUTCMonth(at.getUTCMonth() + 1);
  }
  return months;
}
