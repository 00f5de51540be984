/**
 * The gate between requests and the swap of a rebuilt site (scripts/lib/swap-gate.ts): a page asked for while the
 * local build hook swaps `dist/` in must be found, never answered 404 because it fell between the two renames.
 */
import { expect, test } from 'vitest';
import { swapGate } from '../../scripts/lib/swap-gate.ts';

/** A promise and the function that settles it. */
function deferred() {
  let settle!: () => void;
  const promise = new Promise<void>((done) => (settle = done));
  return { promise, settle };
}

/** Lets every queued callback run. */
const settled = () => new Promise((done) => setImmediate(done));

test('a swap waits for the reads in progress', async () => {
  const gate = swapGate();
  const steps: string[] = [];
  const read = deferred();
  const reading = gate.reading(async () => {
    steps.push('read starts');
    await read.promise;
    steps.push('read ends');
  });
  const swapping = gate.swapping(() => {
    steps.push('swap');
    return Promise.resolve();
  });
  await settled();
  expect(steps).toEqual(['read starts']);
  read.settle();
  await Promise.all([reading, swapping]);
  expect(steps).toEqual(['read starts', 'read ends', 'swap']);
});

test('a read that arrives during a swap waits until the new site is in place', async () => {
  const gate = swapGate();
  let served = 'old';
  const renamed = deferred();
  const swapping = gate.swapping(async () => {
    served = 'missing';
    await renamed.promise;
    served = 'new';
  });
  const reads = [1, 2, 3].map(() => gate.reading(() => Promise.resolve(served)));
  await settled();
  renamed.settle();
  await swapping;
  expect(await Promise.all(reads)).toEqual(['new', 'new', 'new']);
});

test('a failed swap lets the reads go on', async () => {
  const gate = swapGate();
  const renamed = deferred();
  const swapping = gate.swapping(async () => {
    await renamed.promise;
    throw new Error('rename failed');
  });
  const reading = gate.reading(() => Promise.resolve('served'));
  renamed.settle();
  await expect(swapping).rejects.toThrow('rename failed');
  expect(await reading).toBe('served');
});

test('reads run together when no swap is asked for', async () => {
  const gate = swapGate();
  const first = deferred();
  let second = false;
  const reading = gate.reading(() => first.promise);
  await gate.reading(() => {
    second = true;
    return Promise.resolve();
  });
  expect(second).toBe(true);
  first.settle();
  await reading;
});
