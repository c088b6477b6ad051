import { useEffect, useState } from "react";
import { enrollByDate, formatEnrollBy } from "~/domain/enroll-by";

type Shown = { text: string; iso: string };

/**
 * The coming Sunday ("November 22nd"), worked out in the browser: the page is pre-rendered at build
 * time, so a date in its HTML would go stale. Until the page has hydrated it reads "this Sunday".
 */
export function EnrollBy({ className = "" }: { className?: string }) {
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    const date = enrollByDate(new Date());
    const iso = [date.year, date.month, date.day].map((n) => String(n).padStart(2, "0")).join("-");
    setShown({ text: formatEnrollBy(date), iso });
  }, []);

  if (!shown) return <span className={className}>this Sunday</span>;
  return (
    <time dateTime={shown.iso} className={className}>
      {shown.text}
    </time>
  );
}
