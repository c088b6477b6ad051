import type { ReactNode } from "react";
import { Link } from "react-router";

/** The way back at the top of an admin page: '← Admin', '← Back to Clients'… */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link to={to} className="text-sm text-muted-foreground underline underline-offset-2">
        ← {children}
      </Link>
    </p>
  );
}
