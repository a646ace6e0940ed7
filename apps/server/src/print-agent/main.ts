import { parseArgs } from 'node:util';
import { startPrintAgent } from './agent.js';

/**
 * The print agent's command line: `npm run print-agent -- --server https://menu.example.com --token TOKEN`.
 * Runs until SIGINT (Ctrl+C) or SIGTERM, logging one line per connection change and per job.
 */

const USAGE = `QR Menu print agent: prints the server's jobs on this restaurant's network printers.

Usage: npm run print-agent -- --server URL --token TOKEN

  --server URL    the QR Menu server, e.g. https://menu.example.com  (or PRINT_AGENT_SERVER)
  --token TOKEN   the token of a device registered in the admin's Devices screen  (or PRINT_AGENT_TOKEN;
                  the environment keeps it out of the process list)`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: { server: { type: 'string' }, token: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  }).values;
} catch (err) {
  fail((err as Error).message);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const server = args.server ?? process.env.PRINT_AGENT_SERVER;
const token = args.token ?? process.env.PRINT_AGENT_TOKEN;
if (!server) fail('The server is missing.');
if (!token) fail('The token is missing.');
let protocol = '';
try {
  protocol = new URL(server).protocol;
} catch {
  // handled below
}
if (protocol !== 'http:' && protocol !== 'https:') fail(`Not an http(s) address: ${server}`);

const log = (msg: string) => console.log(`${new Date().toISOString()} ${msg}`);
const agent = startPrintAgent({ server, token, log });
log(`print agent started for ${new URL(server).origin}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  await agent.stop();
  log('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
