import { Outlet } from "react-router";
import { requireStaff } from "~/server/auth/context.server";
import type { Route } from "./+types/layout";

// Admin and coach only: signed out → /login, anyone else → /dashboard (SPEC §2).
export const middleware: Route.MiddlewareFunction[] = [requireStaff];

export default function AdminLayout() {
  return <Outlet />;
}
