/** The guest page benchmark's table (median of the runs per figure, every run beside it) and its verdicts. */
import { verdict } from '../common.js';
import type { Figures } from './lighthouse.js';

export interface PageRuns {
  name: string;
  runs: Figures[];
}

/** Guest menu page budgets: Lighthouse mobile score, LCP, TBT and first-load JS + CSS (KB, menu page only). */
const BUDGET = { score: 0.95, lcpMs: 2000, tbtMs: 150, jsCssKb: 90 };

const KB = 1024;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${Math.round(ms)} ms`;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const jsCss = (f: Figures) => f.jsBytes + f.cssBytes;

interface Row {
  label: string;
  value: (f: Figures) => number;
  format: (v: number) => string;
  budget: string;
}

const ROWS: Row[] = [
  { label: 'performance score', value: (f) => f.score, format: (v) => v.toFixed(2), budget: '≥ 0.95' },
  { label: 'First Contentful Paint', value: (f) => f.fcpMs, format: seconds, budget: '(goal ≤ 1.2 s)' },
  { label: 'Largest Contentful Paint', value: (f) => f.lcpMs, format: seconds, budget: '≤ 2.0 s' },
  { label: 'Total Blocking Time', value: (f) => f.tbtMs, format: millis, budget: '≤ 150 ms' },
  { label: 'Cumulative Layout Shift', value: (f) => f.cls, format: (v) => v.toFixed(3), budget: '' },
  { label: 'main-thread work', value: (f) => f.mainThreadMs, format: seconds, budget: '(goal ≤ 1.5 s)' },
  { label: 'JS (brotli as served)', value: (f) => f.jsBytes, format: kb, budget: '' },
  { label: 'CSS (brotli as served)', value: (f) => f.cssBytes, format: kb, budget: '' },
  { label: 'JS + CSS', value: jsCss, format: kb, budget: '≤ 90 KB (menu page)' },
  { label: 'images transferred', value: (f) => f.imageBytes, format: kb, budget: '' },
  { label: 'fetched by workers (precache)', value: (f) => f.workerBytes, format: kb, budget: '' },
  { label: 'all transferred (headers too)', value: (f) => f.transferBytes, format: kb, budget: '' },
  { label: 'requests of the page', value: (f) => f.requests, format: String, budget: '' },
  { label: 'requests started before FCP', value: (f) => f.requestsBeforeFcp, format: String, budget: '' },
];

const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - [...s].length));

/** Prints the table: one row per figure, per page the median and, in brackets, every run. */
export function printTable(pages: PageRuns[]) {
  const cell = (row: Row, page: PageRuns) => {
    const values = page.runs.map(row.value);
    const all = page.runs.length > 1 ? ` (${values.map(row.format).join(', ')})` : '';
    return `${row.format(median(values))}${all}`;
  };
  const table = [
    ['figure', ...pages.map((p) => `${p.name} (median${p.runs.length > 1 ? ' (runs)' : ''})`), 'budget'],
    ...ROWS.map((row) => [row.label, ...pages.map((p) => cell(row, p)), row.budget]),
  ];
  const widths = table[0].map((_, c) => Math.max(...table.map((r) => [...r[c]].length)));
  for (const [i, r] of table.entries()) {
    console.log(`| ${r.map((s, c) => pad(s, widths[c])).join(' | ')} |`);
    if (i === 0) console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  }
}

/** Prints a verdict per budget (medians); returns whether every one passed. */
export function printVerdicts(pages: PageRuns[]): boolean {
  let pass = true;
  for (const page of pages) {
    const m = (value: (f: Figures) => number) => median(page.runs.map(value));
    const score = m((f) => f.score);
    const lcp = m((f) => f.lcpMs);
    const tbt = m((f) => f.tbtMs);
    pass = verdict(`${page.name}: performance score`, score.toFixed(2), '≥ 0.95', score >= BUDGET.score) && pass;
    pass = verdict(`${page.name}: LCP`, seconds(lcp), '≤ 2.0 s', lcp <= BUDGET.lcpMs) && pass;
    pass = verdict(`${page.name}: TBT`, millis(tbt), '≤ 150 ms', tbt <= BUDGET.tbtMs) && pass;
    if (page.name.startsWith('menu')) {
      const bytes = m(jsCss);
      pass =
        verdict(`${page.name}: first-load JS + CSS, brotli`, kb(bytes), '≤ 90 KB', bytes <= BUDGET.jsCssKb * KB) &&
        pass;
    }
  }
  return pass;
}
