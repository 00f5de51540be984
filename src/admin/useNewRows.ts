import { useCallback } from 'react';
import { useStore } from '@nanostores/react';
import type { Row } from './lib/list.ts';
import { $newAbove, isNewRow, isSeenList } from './stores/seen.ts';

/** For a dashboard list, the test that marks a row "new" for the signed-in staff member (none for content lists). */
export function useNewRows(resource: string): ((row: Row) => boolean) | undefined {
  const marks = useStore($newAbove);
  const above = isSeenList(resource) ? marks[resource] : undefined;
  const test = useCallback((row: Row) => isSeenList(resource) && isNewRow(resource, above, row), [resource, above]);
  return isSeenList(resource) ? test : undefined;
}
