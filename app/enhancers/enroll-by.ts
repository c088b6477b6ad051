import { enrollByDate, formatEnrollBy } from "~/domain/enroll-by";

// Replaces the pre-rendered "this Sunday" (app/components/enroll-by.tsx).

for (const placeholder of document.querySelectorAll<HTMLElement>("[data-enroll-by]")) {
  const date = enrollByDate(new Date());
  const time = document.createElement("time");
  time.dateTime = [date.year, date.month, date.day].map((n) => String(n).padStart(2, "0")).join("-");
  time.className = placeholder.className;
  time.textContent = formatEnrollBy(date);
  placeholder.replaceWith(time);
}
