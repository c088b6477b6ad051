// What the file store answers besides success; a refusal carries the message to show the person.

export type RefusalReason = "too-large" | "type";

/** The upload broke a rule (size or type): nothing was stored, and `message` can be shown as it is. */
export class FileRefusedError extends Error {
  override name = "FileRefusedError";
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

export class FileNotFoundError extends Error {
  override name = "FileNotFoundError";
  constructor(readonly key: string) {
    super(`No stored file has the key ${JSON.stringify(key)}`);
  }
}
