/**
 * The coming Sunday ("November 22nd"), worked out in the browser by app/enhancers/enroll-by.ts: the page
 * is pre-rendered at build time, so a date in its HTML would go stale. Until then (and without
 * JavaScript) it reads "this Sunday".
 */
export function EnrollBy({ className = "" }: { className?: string }) {
  return (
    <span className={className} data-enroll-by="">
      this Sunday
    </span>
  );
}
