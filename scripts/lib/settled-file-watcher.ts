/**
 * Netlify's `FileWatcher` (@netlify/dev-utils), except that a change is reported once the file has been quiet for a
 * moment instead of on its first event. Netlify's batches fire on the leading edge, so functions-dev rebuilt a
 * function from the first sign of a save: a file saved in place is emptied before it is written, and a build of the
 * empty file has no `config.path`, so its route answered 404 until the next build. Chokidar's own remedy
 * (`awaitWriteFinish`) is not among the options `FileWatcher` passes on, hence this subclass.
 */
import { FileWatcher, type FileWatchSubscriptionHandle, type FileWatchSubscriptionOptions } from '@netlify/dev-utils';

/**
 * How long a changed file must stay untouched before it is reported: a save is written within microseconds, and a
 * rebuild that starts this much later is still far quicker than a developer switching to the browser.
 */
export const SETTLE_MS = 300;

export class SettledFileWatcher extends FileWatcher {
  override subscribe(options: FileWatchSubscriptionOptions): FileWatchSubscriptionHandle {
    const { onChange } = options;
    if (!onChange) return super.subscribe(options);
    let timer: NodeJS.Timeout | undefined;
    const changed = new Set<string>();
    const handle = super.subscribe({
      ...options,
      // Every event, not Netlify's leading-edge batches: those hold back the events of a file written again and again
      // within 100 ms, and the file would look quiet while it is still being written.
      debounceMs: 0,
      onChange: (paths) => {
        for (const path of paths) changed.add(path);
        clearTimeout(timer);
        timer = setTimeout(() => {
          const settled = [...changed];
          changed.clear();
          onChange(settled);
        }, SETTLE_MS).unref();
      },
    });
    // A subscriber that leaves (a removed function) hears nothing more, not even a change still settling.
    return {
      add: (paths) => handle.add(paths),
      unwatch: (paths) => handle.unwatch(paths),
      unsubscribe: () => {
        clearTimeout(timer);
        handle.unsubscribe();
      },
    };
  }
}
