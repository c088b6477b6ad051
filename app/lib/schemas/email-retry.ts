import { z } from "zod";
import { defineForm } from "../forms";

// The admin's Emails page: sending a failed or unsent email again.
export const retryEmailForm = defineForm(z.object({ id: z.uuid({ error: "That email was not found." }) }), {
  hidden: ["id"],
});
