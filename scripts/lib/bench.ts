/** Shared by the benchmark scripts: concurrent runs and percentiles. */

/** The `p`th percentile of ascending `sorted` latencies (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Runs `task` `total` times, `concurrency` at a time; returns the ascending latencies (ms) and requests per second. */
export async function runConcurrently(
  total: number,
  concurrency: number,
  task: (i: number) => Promise<number>,
): Promise<{ sorted: number[]; rps: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) latencies.push(await task(next++));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { sorted: latencies.sort((a, b) => a - b), rps: total / seconds };
}
