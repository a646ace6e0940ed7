/**
 * The top self-time frames of a V8 CPU profile (`node --cpu-prof`), as a Markdown table for bench/RESULTS.md.
 *
 * Usage: npx tsx bench/profile-top.ts FILE.cpuprofile [--top 10]
 *
 * Self time of a frame = the samples whose innermost frame it is. Frames are grouped by function, file and line
 * (node_modules paths shortened to the package); "(garbage collector)", "(program)" and "(idle)" are kept, as V8
 * reports them, so the table says how much of the time was not JavaScript at all.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface Frame {
  name: string;
  where: string;
  selfMs: number;
  share: number;
}

/** `node_modules/.pnpm/x/node_modules/fastify/lib/reply.js` → `fastify/lib/reply.js`; repo paths relative. */
function shortUrl(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) return path.slice(nm + 'node_modules/'.length);
  const repo = path.search(/\/(apps|packages|bench)\//);
  return repo >= 0 ? path.slice(repo + 1) : path;
}

/** Self time per frame, largest first; idle time is left out of the shares. */
export function topFrames(profile: CpuProfile, top: number): { frames: Frame[]; busyMs: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<string, { frame: CallFrame; us: number }>();
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    if (!node) continue;
    const f = node.callFrame;
    const key = `${f.functionName}|${f.url}|${f.lineNumber}`;
    const entry = selfUs.get(key) ?? { frame: f, us: 0 };
    entry.us += profile.timeDeltas[i] ?? 0;
    selfUs.set(key, entry);
  }
  const entries = [...selfUs.values()].filter((e) => e.frame.functionName !== '(idle)');
  const busyUs = entries.reduce((sum, e) => sum + e.us, 0);
  const frames = entries
    .sort((a, b) => b.us - a.us)
    .slice(0, top)
    .map((e) => ({
      name: e.frame.functionName || '(anonymous)',
      where: e.frame.url ? `${shortUrl(e.frame.url)}:${e.frame.lineNumber + 1}` : '',
      selfMs: e.us / 1000,
      share: busyUs ? e.us / busyUs : 0,
    }));
  return { frames, busyMs: busyUs / 1000 };
}

export function framesTable(frames: Frame[]): string {
  const rows = frames.map(
    (f, i) => `| ${i + 1} | \`${f.name}\` | ${f.where} | ${f.selfMs.toFixed(0)} | ${(100 * f.share).toFixed(1)} % |`,
  );
  return ['| # | frame | where | self ms | share of busy time |', '| --- | --- | --- | --- | --- |', ...rows].join(
    '\n',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    options: { top: { type: 'string', default: '10' } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    console.error('usage: npx tsx bench/profile-top.ts FILE.cpuprofile [--top 10]');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(positionals[0], 'utf8')) as CpuProfile;
  const { frames, busyMs } = topFrames(profile, Number(values.top));
  console.log(`busy (not idle) time: ${busyMs.toFixed(0)} ms`);
  console.log(framesTable(frames));
}
