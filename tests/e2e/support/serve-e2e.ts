/**
 * The server of a browser-test run (`e2eServer.command`, ./server.ts): empties the run's folder, starts the run's SMTP
 * server (./mail-sink.ts) and Paystack stand-in (tests/support/paystack.ts) on free ports, writes their addresses
 * where the specs read them, then serves the site in this process as `npm start` does (scripts/serve.ts), with
 * `SMTP_URL` and `PAYSTACK_API_URL` naming them. The rest of its settings come from `e2eServer.env`.
 *
 *   node tests/e2e/support/serve-e2e.ts
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { closeOnSignals, startSite } from '../../../scripts/serve.ts';
import { startPaystack } from '../../support/paystack.ts';
import { startMailSink } from './mail-sink.ts';
import { E2E_PAYSTACK_SECRET, e2ePort, e2eRunDir, e2eStandInsFile, type E2eStandIns } from './server.ts';

await rm(e2eRunDir, { recursive: true, force: true });
await mkdir(e2eRunDir, { recursive: true });
const smtp = await startMailSink();
const paystack = await startPaystack(0, E2E_PAYSTACK_SECRET);
const standIns: E2eStandIns = { smtpUrl: smtp.url, paystackUrl: paystack.url };
// Written before the site answers: Playwright's workers, which read it, start only once it does.
await writeFile(e2eStandInsFile, JSON.stringify(standIns));
process.env['SMTP_URL'] = smtp.url;
process.env['PAYSTACK_API_URL'] = paystack.url;

const site = await startSite({ port: e2ePort });
console.log(`Site and functions on ${site.url} (SMTP server ${smtp.url}, Paystack stand-in ${paystack.url})`);
closeOnSignals(site);
