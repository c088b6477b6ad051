/**
 * `task` as something to ask for: one run at a time, and an ask that comes while a run is under way
 * is not dropped but makes one more run when it ends, since that run may have read its data before
 * what prompted the ask. Resolves when the run that answers this ask is over. `task` handles its own
 * errors.
 */
export function rerunWhenAsked(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let askedAgain = false;
  const runUntilUnasked = async () => {
    try {
      do {
        askedAgain = false;
        await task();
      } while (askedAgain);
    } finally {
      running = undefined;
    }
  };
  return () => {
    if (running) askedAgain = true;
    else running = runUntilUnasked();
    return running;
  };
}
