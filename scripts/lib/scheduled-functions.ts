/**
 * Runs the scheduled functions of a local server on their schedules, as Netlify does in production: every function
 * whose `config.schedule` is set (read by functions-dev when it builds the function, so a new or changed schedule is
 * followed without a restart) is called at each of its times, one run at a time, and each run is logged.
 */

/** What functions-dev's registry knows of a function (the parts used here). */
export interface SchedulableFunction {
  readonly name: string;
  /** True when the function's `config.schedule` is set. */
  isScheduled(): Promise<boolean>;
  /** The next time its schedule names, or null when it has none. */
  getNextRun(): Promise<Date | null>;
}

/** Options of {@link runSchedules}. */
export interface ScheduleOptions {
  /** The functions registered so far (read again before each run is planned). */
  functions: () => readonly SchedulableFunction[];
  /** Calls one function as the platform's scheduler does; resolves to its answer. */
  invoke: (name: string, nextRun: Date) => Promise<Response>;
  /** Where each run is reported (default: console.log). */
  log?: (line: string) => void;
}

/** The running schedules. */
export interface Schedules {
  /** Plans the runs of functions registered since the start (or since the last call). */
  refresh(): void;
  /** Stops planning runs and waits for the ones under way. */
  close(): Promise<void>;
}

// Timers longer than this are re-planned when they fire (setTimeout holds at most about 24.8 days).
const LONGEST_WAIT_MS = 6 * 60 * 60 * 1000;

/** Starts planning the runs of every scheduled function. */
export function runSchedules(options: ScheduleOptions): Schedules {
  const log = options.log ?? ((line: string) => console.log(line));
  const planned = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let closed = false;

  const plan = async (func: SchedulableFunction): Promise<void> => {
    if (closed || !(await func.isScheduled())) {
      planned.delete(func.name);
      return;
    }
    const next = await func.getNextRun();
    if (!next || closed) {
      planned.delete(func.name);
      return;
    }
    const wait = Math.max(0, next.getTime() - Date.now());
    const timer = setTimeout(
      () => {
        if (wait > LONGEST_WAIT_MS) {
          void plan(func);
          return;
        }
        const run = runOnce(func, next).finally(() => {
          running.delete(run);
          void plan(func);
        });
        running.add(run);
      },
      Math.min(wait, LONGEST_WAIT_MS),
    );
    timer.unref();
    planned.set(func.name, timer);
  };

  const runOnce = async (func: SchedulableFunction, nextRun: Date): Promise<void> => {
    const started = performance.now();
    try {
      const response = await options.invoke(func.name, nextRun);
      const body = (await response.text()).trim().slice(0, 200);
      log(
        `scheduled ${func.name}: ${response.status} in ${Math.round(performance.now() - started)} ms${body ? ` ${body}` : ''}`,
      );
    } catch (failure) {
      log(`scheduled ${func.name}: failed: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  };

  const refresh = () => {
    for (const func of options.functions()) {
      if (!planned.has(func.name)) {
        // Marked at once, so a second refresh before the schedule is read plans it once.
        planned.set(
          func.name,
          setTimeout(() => {}, 0),
        );
        void plan(func);
      }
    }
  };
  refresh();
  return {
    refresh,
    async close() {
      closed = true;
      for (const timer of planned.values()) clearTimeout(timer);
      planned.clear();
      await Promise.all(running);
    },
  };
}
