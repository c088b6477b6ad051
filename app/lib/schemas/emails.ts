import { z } from "zod";
import { defineForm } from "../forms";

// The Emails page (issue #17): an admin sends a failed or unsent email again.
export const retryEmailForm = defineForm(z.object({ id: z.uuid({ error: "That email was not found." }) }), {
  hidden: ["id"],
});
