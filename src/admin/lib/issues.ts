/** A validation problem as the API reports it (docs/api.md: path is a field name, maybe dotted). */
export type Issue = { readonly path: string; readonly message: string };

/** Problems sorted by the form field they belong to, and the rest. */
export type FieldErrors = { readonly byField: Readonly<Record<string, string>>; readonly other: readonly string[] };

/** Reads the `issues` of an error answer, accepting string or array paths. */
export function readIssues(body: unknown): Issue[] {
  if (typeof body !== 'object' || body === null) return [];
  const raw = (body as Record<string, unknown>)['issues'];
  if (!Array.isArray(raw)) return [];
  const issues: Issue[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const { path, message } = item as Record<string, unknown>;
    const text = typeof message === 'string' && message !== '' ? message : 'Invalid value';
    const joined = Array.isArray(path) ? path.map(String).join('.') : typeof path === 'string' ? path : '';
    issues.push({ path: joined, message: text });
  }
  return issues;
}

/** Assigns each problem to its field (first path segment) when the form has one; the first message per field wins. */
export function groupIssues(issues: readonly Issue[], fields: readonly string[]): FieldErrors {
  const byField: Record<string, string> = {};
  const other: string[] = [];
  for (const issue of issues) {
    const field = issue.path.split('.')[0] ?? '';
    if (fields.includes(field)) {
      byField[field] ??= issue.message;
    } else {
      other.push(issue.path ? `${issue.path}: ${issue.message}` : issue.message);
    }
  }
  return { byField, other };
}
