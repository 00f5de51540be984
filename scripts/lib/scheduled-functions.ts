/**
 * Runs the scheduled functions of a local server on their schedules, as Netlify does in production: every function
 * whose `config.schedule` is set (read from its latest build, so a new or changed schedule is followed without a
 * restart) is called at each of its times (UTC, as Netlify reads them), one run at a time, and each run is logged.
 */
import { CronExpressionParser } from 'cron-parser';

/** A built function and its `config.schedule`, when it has one. */
export interface SchedulableFunction {
  readonly name: string;
  readonly schedule?: string | undefined;
}

/** Options of {@link runSchedules}. */
export interface ScheduleOptions {
  /** The functions registered so far (read again before each run is planned). */
  functions: () => readonly SchedulableFunction[];
  /** Calls one function as the platform's scheduler does; resolves to its answer. */
  invoke: (name: string, nextRun: Date) => Promise<Response>;
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
  const planned = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let closed = false;

  const plan = (name: string): void => {
    const schedule = options.functions().find((func) => func.name === name)?.schedule;
    if (closed || !schedule) {
      planned.delete(name);
      return;
    }
    let next: Date;
    try {
      next = CronExpressionParser.parse(schedule, { tz: 'Etc/UTC' }).next().toDate();
    } catch {
      console.log(`scheduled ${name}: not run, "${schedule}" is not a schedule`);
      planned.delete(name);
      return;
    }
    const wait = Math.max(0, next.getTime() - Date.now());
    const timer = setTimeout(
      () => {
        if (wait > LONGEST_WAIT_MS) {
          plan(name);
          return;
        }
        const run = runOnce(name, next).finally(() => {
          running.delete(run);
          plan(name);
        });
        running.add(run);
      },
      Math.min(wait, LONGEST_WAIT_MS),
    );
    timer.unref();
    planned.set(name, timer);
  };

  const runOnce = async (name: string, nextRun: Date): Promise<void> => {
    const started = performance.now();
    try {
      const response = await options.invoke(name, nextRun);
      const body = (await response.text()).trim().slice(0, 200);
      console.log(
        `scheduled ${name}: ${response.status} in ${Math.round(performance.now() - started)} ms${body ? ` ${body}` : ''}`,
      );
    } catch (failure) {
      console.log(`scheduled ${name}: failed: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  };

  const refresh = () => {
    for (const { name, schedule } of options.functions()) {
      if (schedule && !planned.has(name)) plan(name);
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
