import { data, type UNSAFE_DataWithResponseInit } from "react-router";
import { logger } from "./logger.server";

// Model functions refuse by throwing `data({ error }, { status })` (403, 404, 409…). Actions that
// answer a form in place turn that into a result the page shows beside the control; a redirect or
// an unexpected failure passes through (the latter as a logged 500 with a generic message).

export type ActionResult<T = unknown> = { ok: true; value: T; error: null } | { ok: false; error: string };

/** A model's refusal: React Router's `data({ error }, { status })`, thrown. */
export function isRefusal(error: unknown): error is UNSAFE_DataWithResponseInit<{ error?: unknown }> {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { type?: unknown }).type === "DataWithResponseInit"
  );
}

export async function attempt<T>(work: () => Promise<T>, fallback = "Failed to save.") {
  try {
    const value = await work();
    return { ok: true as const, value, error: null };
  } catch (error) {
    if (error instanceof Response) throw error; // redirects
    if (isRefusal(error)) {
      const message = typeof error.data?.error === "string" ? error.data.error : fallback;
      return data({ ok: false as const, error: message }, { status: error.init?.status ?? 400 });
    }
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "action failed");
    return data({ ok: false as const, error: fallback }, { status: 500 });
  }
}

/** A 400 with the form's first validation message. */
export function invalid(message: string) {
  return data({ ok: false as const, error: message }, { status: 400 });
}

/**
 * The submitted form, or a 400 answer when the body is not a form at all (JSON, a broken multipart):
 * a malformed request is refused, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw invalid("Send the form as a form (application/x-www-form-urlencoded or multipart/form-data).");
  }
}
