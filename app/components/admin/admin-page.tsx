import type { ReactNode } from "react";
import { BackLink } from "./back-link";

/** An admin page's frame: its width, the way back where it has one, and its heading. */
export function AdminPage({
  title,
  back,
  children,
}: {
  title: ReactNode;
  back?: { to: string; label: ReactNode };
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      {back && <BackLink to={back.to}>{back.label}</BackLink>}
      <h1 className={`${back ? "mt-2 " : ""}text-3xl font-bold tracking-tight`}>{title}</h1>
      {children}
    </div>
  );
}
