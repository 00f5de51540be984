/**
 * A warm runtime for @netlify/functions-dev. Its Node runtime starts a new worker thread for every request and
 * imports the function's bundle there (Netlify's bootstrap alone is over 1 MB: ≈300 ms a call). This one keeps a
 * worker per function build (function-worker.ts), which imports the bundle once and answers every call, the way a
 * warm instance does on Netlify. Everything else stays functions-dev's: the registry builds each function once into
 * a fixed directory and rebuilds it when a source file changes (a new build gets a new worker; the old one finishes
 * what it has), `config.path` matching, the client address and request headers, and the bootstrap that turns the
 * call into the `Request` and `Context` a function sees in production.
 */
import { type MessagePort, Worker } from 'node:worker_threads';
import type { DevEvent } from '@netlify/dev-utils';
import { shouldBase64Encode } from '@netlify/dev-utils';
import type { Invocation, Outcome } from './function-worker.ts';
import type { SchedulableFunction } from './scheduled-functions.ts';

/** What functions-dev's registry knows of a function (the parts used here). */
interface RegisteredFunction extends SchedulableFunction {
  name: string;
  runtime: FunctionRuntime;
  getBuildData(): Promise<{ buildPath?: string; runtimeAPIVersion?: number } | undefined>;
}

/** functions-dev's runtime interface. */
interface FunctionRuntime {
  getBuildFunction(...args: unknown[]): Promise<unknown>;
  invokeFunction(call: {
    context: unknown;
    environment: Record<string, string>;
    func: RegisteredFunction;
    request: Request;
    route?: string;
    timeout: number;
  }): Promise<Response>;
}

/** One worker and the calls it has not answered yet. */
interface WarmWorker {
  build: object;
  worker: Worker;
  pending: Map<number, { resolve: (outcome: Outcome) => void; reject: (failure: Error) => void }>;
}

/** The warm runtimes in use, to stop their workers. */
export interface WarmFunctions {
  /** For `FunctionsHandler`'s `eventHandler`: gives every function registered the warm runtime. */
  onEvent(event: DevEvent): void;
  /** Resolves when every function registered so far has finished its first build. */
  ready(): Promise<void>;
  /** Every function registered so far. */
  functions(): readonly SchedulableFunction[];
  /** Ends every worker. */
  close(): Promise<void>;
}

/** Creates the warm runtime; hand `onEvent` to `FunctionsHandler` as its `eventHandler`. */
export function warmFunctions(): WarmFunctions {
  const workers = new Map<string, WarmWorker>();
  const registered: RegisteredFunction[] = [];
  let nextId = 0;
  let cold: FunctionRuntime | undefined;
  let warm: FunctionRuntime | undefined;

  const workerFor = (name: string, build: object, entryFilePath: string): WarmWorker => {
    const current = workers.get(name);
    if (current?.build === build) return current;
    if (current) retire(current);
    const worker = new Worker(new URL('./function-worker.ts', import.meta.url), { workerData: { entryFilePath } });
    const warmWorker: WarmWorker = { build, worker, pending: new Map() };
    worker.on('message', (outcome: Outcome) => {
      warmWorker.pending.get(outcome.id)?.resolve(outcome);
      warmWorker.pending.delete(outcome.id);
    });
    // A crashed worker fails its open calls; the next call starts a new one.
    const fail = (failure: Error) => {
      for (const call of warmWorker.pending.values()) call.reject(failure);
      warmWorker.pending.clear();
      if (workers.get(name) === warmWorker) workers.delete(name);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`Function ${name} stopped (exit code ${code})`)));
    workers.set(name, warmWorker);
    return warmWorker;
  };

  const invokeWarm: FunctionRuntime['invokeFunction'] = async (call) => {
    const build = await call.func.getBuildData();
    if (!cold) throw new Error('warm runtime used before any function registered');
    if (!build?.buildPath || build.runtimeAPIVersion !== 2) return cold.invokeFunction(call);
    const { worker, pending } = workerFor(call.func.name, build, new URL(`file://${build.buildPath}`).href);
    const id = nextId++;
    const outcome = await new Promise<Outcome>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      void lambdaEvent(call.request, call.route).then((event) =>
        worker.postMessage({
          id,
          event,
          clientContext: JSON.stringify(call.context),
          timeoutMs: call.timeout * 1000,
        } satisfies Invocation),
      );
    });
    if (outcome.error) {
      console.error(`${call.func.name}: ${outcome.error.name}: ${outcome.error.message}`);
      throw Object.assign(new Error(outcome.error.message), outcome.error);
    }
    const result = outcome.result ?? { statusCode: 500 };
    return new Response(outcome.stream ? streamFrom(outcome.stream) : null, {
      status: result.statusCode,
      headers: responseHeaders(result),
    });
  };

  return {
    onEvent(event) {
      if (event.name !== 'FunctionRegisteredEvent') return;
      const func = (event as DevEvent & { function: RegisteredFunction }).function;
      cold ??= func.runtime;
      warm ??= { getBuildFunction: cold.getBuildFunction.bind(cold), invokeFunction: invokeWarm };
      func.runtime = warm;
      registered.push(func);
    },
    async ready() {
      await Promise.all(registered.map((func) => func.getBuildData()));
    },
    functions: () => registered,
    async close() {
      await Promise.all([...workers.values()].map(({ worker }) => worker.terminate()));
      workers.clear();
    },
  };
}

/** Ends a worker once its open calls are answered. */
function retire({ worker, pending }: WarmWorker): void {
  const check = setInterval(() => {
    if (pending.size > 0) return;
    clearInterval(check);
    void worker.terminate();
  }, 1000);
  check.unref();
}

/**
 * The Lambda event functions-dev makes of a request (its `lambdaEventFromWebRequest`), except that a binary body is
 * read as bytes and base64-encoded here, where functions-dev reads every body as text.
 */
async function lambdaEvent(request: Request, route: string | undefined) {
  const url = new URL(request.url);
  const queryStringParameters: Record<string, string> = {};
  const multiValueQueryStringParameters: Record<string, string[]> = {};
  url.searchParams.forEach((value, key) => {
    queryStringParameters[key] = queryStringParameters[key] ? `${queryStringParameters[key]},${value}` : value;
    (multiValueQueryStringParameters[key] ??= []).push(value);
  });
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  request.headers.forEach((value, key) => {
    headers[key] = value;
    multiValueHeaders[key] = value.split(',').map((part) => part.trim());
  });
  const isBase64Encoded = shouldBase64Encode(request.headers.get('content-type') ?? '');
  const bytes = Buffer.from(await request.arrayBuffer());
  const body = bytes.length === 0 ? null : bytes.toString(isBase64Encoded ? 'base64' : 'utf8');
  return {
    rawUrl: url.toString(),
    rawQuery: url.search,
    path: url.pathname,
    httpMethod: request.method,
    headers,
    multiValueHeaders,
    queryStringParameters,
    multiValueQueryStringParameters,
    body,
    isBase64Encoded,
    route,
  };
}

function responseHeaders(result: NonNullable<Outcome['result']>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    if (value !== undefined) headers.set(name.toLowerCase(), String(value));
  }
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
    for (const value of values) headers.append(name.toLowerCase(), String(value));
  }
  return headers;
}

/** The body chunks a worker posts on `port`; cancelling tells the worker to stop the function's stream. */
function streamFrom(port: MessagePort): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      port.on('message', (data: Uint8Array | null) => {
        if (data === null) {
          controller.close();
          port.close();
        } else {
          controller.enqueue(new Uint8Array(data));
        }
      });
    },
    cancel() {
      port.postMessage('cancel');
      port.close();
    },
  });
}
