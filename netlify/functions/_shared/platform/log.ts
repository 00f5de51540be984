/**
 * Server log lines for failures. A database error's message can quote the values it refused (an email address, a
 * message), so a line names where it happened and the error's kind and SQLSTATE code, never its text or details.
 */

/** What a log line may say about `failure`: its name and SQLSTATE code, or a plain error's name and message. */
export function describeFailure(failure: unknown): string {
  if (!(failure instanceof Error)) return typeof failure;
  const code = (failure as { code?: unknown }).code;
  if (typeof code === 'string' && code !== '') return `${failure.name} (SQLSTATE ${code})`;
  // An error that came from the database driver without a code can still quote a value: name it only.
  if ('query' in failure || 'params' in failure || 'detail' in failure) return failure.name;
  return `${failure.name}: ${failure.message}`;
}

/** Logs that `where` failed, without anything a visitor sent. */
export function logFailure(where: string, failure: unknown): void {
  console.error(`${where}: ${describeFailure(failure)}`);
}
