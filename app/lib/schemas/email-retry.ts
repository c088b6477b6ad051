import { defineForm } from "../forms";
import { z } from "./zod";

export const retryEmailForm = defineForm(z.object({ id: z.uuid({ error: "That email was not found." }) }), {
  hidden: ["id"],
});
