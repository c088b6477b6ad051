/** Worked out in the browser (app/enhancers/enroll-by.ts): a date in pre-rendered HTML would go stale. */
export function EnrollBy({ className = "" }: { className?: string }) {
  return (
    <span className={className} data-enroll-by="">
      this Sunday
    </span>
  );
}
