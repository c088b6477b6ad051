import { FILE_KINDS } from "../files";
import { defineForm } from "../forms";
import { z } from "./zod";

// The fields sent with an upload (the file parts themselves are read by app/server/files/upload.server.ts).

export const CHOOSE_FILE_KIND = "Choose what the file is: a resume, a cover letter or other.";
export const CHOOSE_A_FILE = "Choose a file to upload.";

export const fileUploadForm = defineForm(z.object({ kind: z.enum(FILE_KINDS, CHOOSE_FILE_KIND) }));
