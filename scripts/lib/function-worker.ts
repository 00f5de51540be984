/**
 * One long-lived worker per function build (see local-functions.ts). It imports the bundle Netlify built once, then
 * runs each call through lambda-local exactly as @netlify/functions-dev's own per-request worker does, so Netlify's
 * bootstrap still makes the `Request` and `Context` the function sees. A streamed body goes back on a MessagePort.
 */
import { isMainThread, MessageChannel, type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { Readable } from 'node:stream';
import lambdaLocal from 'lambda-local';

/** A call, as the main thread sends it. */
export interface Invocation {
  id: number;
  event: unknown;
  clientContext: string;
  timeoutMs: number;
}

/** What the function answered; `stream` carries the body when there is one. */
export interface Outcome {
  id: number;
  result?: {
    statusCode: number;
    headers?: Record<string, string | number | boolean>;
    multiValueHeaders?: Record<string, (string | number | boolean)[]>;
  };
  error?: { name: string; message: string; stack?: string | undefined };
  stream?: MessagePort;
}

// Statuses that never carry a body (undici's list).
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

if (isMainThread || !parentPort) throw new Error('function-worker.ts runs only as a worker thread');
const port = parentPort;
(lambdaLocal.getLogger() as { level: string }).level = 'alert';
const lambdaFunc: unknown = await import((workerData as { entryFilePath: string }).entryFilePath);

port.on('message', (call: Invocation) => {
  void invoke(call).then(
    ({ outcome, transfer }) => port.postMessage(outcome, transfer),
    (failure: unknown) => port.postMessage({ id: call.id, error: serialise(failure) } satisfies Outcome),
  );
});

async function invoke(call: Invocation): Promise<{ outcome: Outcome; transfer: MessagePort[] }> {
  const result = (await lambdaLocal.execute({
    clientContext: call.clientContext,
    event: call.event as Record<string, unknown>,
    lambdaFunc,
    region: 'dev',
    timeoutMs: call.timeoutMs,
    verboseLevel: 3,
  })) as { statusCode: number; body?: unknown };
  const { body, ...head } = result;
  if (!isReadable(body) || NULL_BODY_STATUSES.has(head.statusCode)) {
    return { outcome: { id: call.id, result: head }, transfer: [] };
  }
  const channel = new MessageChannel();
  const sink = channel.port1;
  body.on('data', (chunk: Buffer | string) => sink.postMessage(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
  const finish = () => {
    sink.postMessage(null);
    sink.close();
  };
  body.on('end', finish);
  body.on('error', finish);
  // The visitor left: stop the function's stream (an event stream would otherwise run to its own end).
  sink.on('message', () => body.destroy());
  return { outcome: { id: call.id, result: head, stream: channel.port2 }, transfer: [channel.port2] };
}

function isReadable(value: unknown): value is Readable {
  return typeof value === 'object' && value !== null && typeof (value as Readable).pipe === 'function';
}

/** An error as functions-dev formats it: an Error's name, message and stack, or lambda-local's own error object. */
function serialise(failure: unknown): NonNullable<Outcome['error']> {
  if (failure instanceof Error) return { name: failure.name, message: failure.message, stack: failure.stack };
  const lambda = failure as { errorType?: unknown; errorMessage?: unknown; stackTrace?: unknown };
  const stack = Array.isArray(lambda.stackTrace) ? lambda.stackTrace.map(String).join('\n') : undefined;
  return {
    name: typeof lambda.errorType === 'string' ? lambda.errorType : 'Error',
    message: typeof lambda.errorMessage === 'string' ? lambda.errorMessage : JSON.stringify(failure),
    stack,
  };
}
