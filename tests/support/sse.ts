export type SseFrame = { event: string; data: string; at: number };

export type SseStream = {
  status: number;
  frames: SseFrame[];
  ended: Promise<void>;
  next(match: (frame: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  close(): void;
};

export async function openSse(url: string, cookie: string): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { cookie, accept: "text/event-stream" },
    signal: abort.signal,
  });
  return readSse(response, () => abort.abort());
}

/** A fetched answer, or one a route returned. */
export async function readSse(response: Response, close: () => void): Promise<SseStream> {
  const frames: SseFrame[] = [];
  let reader: ReadableStreamDefaultReader<string> | undefined;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  let endedResolve = () => {};
  const ended = new Promise<void>((resolve) => {
    endedResolve = resolve;
  });

  if (response.status !== 200 || !response.body) {
    await response.arrayBuffer().catch(() => {});
    endedResolve();
  } else {
    reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const read = reader;
    void (async () => {
      let buffer = "";
      try {
        while (true) {
          const { done, value } = await read.read();
          if (done) break;
          buffer += value;
          let cut = buffer.indexOf("\n\n");
          while (cut !== -1) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let event = "message";
            const data: string[] = [];
            for (const line of block.split("\n")) {
              if (line.startsWith("event: ")) event = line.slice(7);
              else if (line.startsWith("data: ")) data.push(line.slice(6));
            }
            if (data.length > 0) frames.push({ event, data: data.join("\n"), at: performance.now() });
            cut = buffer.indexOf("\n\n");
          }
          wake();
        }
      } catch {
        // aborted here, or the connection dropped
      }
      endedResolve();
      wake();
    })();
  }

  return {
    status: response.status,
    frames,
    ended,
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      close();
      // An answer made in this process has no connection to abort: cancelling reaches its source.
      reader?.cancel().catch(() => {});
    },
  };
}
