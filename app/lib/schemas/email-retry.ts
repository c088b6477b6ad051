import { z } from "zod";
import { defineForm } from "../forms";

export const retryEmailForm = defineForm(z.object({ id: z.uuid({ error: "That email was not found." }) }), {
  hidden: ["id"],
});
