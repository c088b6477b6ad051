// A table from 768 px and a card per row below it, the same DOM at every width (nothing replaced when the
// window turns or the page hydrates, nothing scrolled sideways on a phone): the classes the job search's
// tables share (app/components/job-search/applications-table.tsx, app/routes/admin/job-search.tsx).

export const CARD_TABLE = "w-full text-left text-sm max-md:block";
export const CARD_BODY = "divide-y divide-border max-md:block";
export const CARD_ROW =
  "align-top max-md:flex max-md:flex-wrap max-md:gap-x-4 max-md:gap-y-1 max-md:px-4 max-md:py-3";
export const CARD_CELL = "px-3 py-2 max-md:p-0";
/** On a card each cell says what it is from its `data-label`, in generated text (the headers are out of sight). */
export const CARD_LABELLED = `${CARD_CELL} max-md:before:mr-1 max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]`;
