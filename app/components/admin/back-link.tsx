import type { ReactNode } from "react";
import { LightLink } from "~/components/light-link";

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <LightLink to={to} className="text-sm text-muted-foreground underline underline-offset-2">
        ← {children}
      </LightLink>
    </p>
  );
}
