/**
 * Keeps requests and the swap of a rebuilt site apart. Swapping `dist/` takes two renames; a request that looks for a
 * file between them, or opens one it found just before, would miss it and answer 404. Reads run together; a swap
 * waits for the reads in progress, and reads that arrive meanwhile wait for the swap.
 */
export interface SwapGate {
  /** Runs one read of the served folder, after any swap in progress. */
  reading<T>(work: () => Promise<T>): Promise<T>;
  /** Runs the swap once no read is in progress, holding new reads back until it ends. */
  swapping(work: () => Promise<void>): Promise<void>;
}

export function swapGate(): SwapGate {
  let readers = 0;
  let swap: Promise<void> | undefined;
  const waitingForReaders: (() => void)[] = [];

  return {
    async reading(work) {
      while (swap) await swap.catch(() => undefined);
      readers += 1;
      try {
        return await work();
      } finally {
        readers -= 1;
        if (readers === 0) waitingForReaders.splice(0).forEach((resume) => resume());
      }
    },
    async swapping(work) {
      while (swap) await swap.catch(() => undefined);
      const running = (async () => {
        while (readers > 0) await new Promise<void>((resume) => waitingForReaders.push(resume));
        await work();
      })();
      swap = running;
      try {
        await running;
      } finally {
        swap = undefined;
      }
    },
  };
}
