// Runs the npm scripts named on the command line side by side (`node scripts/run-all.mjs lint format:check`), prints
// each one's output whole once it ends (so that their lines do not interleave), and exits non-zero when any failed.
// `npm run check` uses it: lint, the format check and the type checks are each one process on one core, so on a
// machine with more cores they take about as long together as the longest alone.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const runs = scripts.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(`\n> ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n`);
        if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
        resolve(code === 0);
      });
    }),
);

const results = await Promise.all(runs);
process.exit(results.every(Boolean) ? 0 : 1);
