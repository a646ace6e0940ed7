import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A comment or a test title states the rule itself (what and why), never where the rule came from: an issue
 * number or a section of a document that is not in the repository means nothing to the next reader. This test
 * reads every source file of the repository (comments, test titles and strings alike) and fails on such a citation,
 * naming the file and the line.
 */

const ROOT = join(import.meta.dirname, '../../..');
/** Where the repository's sources are; the root's own config files are checked too. */
const FOLDERS = ['apps', 'packages', 'e2e', 'bench', '.ci', 'docs'];
/** Installed, built or generated output, and the embedded database's files. */
const SKIPPED = new Set(['node_modules', 'dist', 'dist-ssr', 'data', 'coverage', 'test-results', 'playwright-report']);
/** Source files by name: code, SQL, styles, HTML, Markdown, shell scripts and `.ci/run`. */
const SOURCE = /\.(ts|tsx|js|mjs|cjs|sql|css|html|md|sh)$|^run$/;

/** An issue or task number, a number after "#" in brackets, a section sign, the product documents kept outside. */
const CITATIONS = [/\b(issue|task)s? ?#?\d+/i, /\(#\d+\)/, /§ ?\d+/, /\b(SPEC|DESIGN|UI)\.md\b/i];

/** The citations in one line of text (empty when there is none). */
const citationsIn = (line: string): string[] => CITATIONS.flatMap((pattern) => line.match(pattern)?.[0] ?? []);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(path);
    return entry.isFile() && SOURCE.test(entry.name) ? [path] : [];
  });
}

describe('no source file cites an issue or an outside document', () => {
  it('finds issue numbers and outside sections, not colours or order numbers', () => {
    // The examples are put together so that this file, which is checked too, cites nothing itself.
    const [n, spec, ui] = ['17', 'SPEC', 'UI'];
    expect(citationsIn(`// Options of the dish (issue ${n}).`)).toEqual([`issue ${n}`]);
    expect(citationsIn(` * Issue #${n} (7): ids are plain digits.`)).toEqual([`Issue #${n}`]);
    expect(citationsIn(`/** Calls from the table (#${n}). */`)).toEqual([`(#${n})`]);
    expect(citationsIn(`describe('form (${spec}.md §${n})', () => {`)).toEqual([`§${n}`, `${spec}.md`]);
    expect(citationsIn(`/* ${ui}.md: no ad-hoc colours */`)).toEqual([`${ui}.md`]);
    expect(citationsIn('  color: #000; border: 1px dashed #888;')).toEqual([]);
    expect(citationsIn("expect(text).toBe('Order #12: Ready');")).toEqual([]);
    expect(citationsIn('const issues = result.error.issues;')).toEqual([]);
  });

  it('in any source file of the repository', () => {
    const files = [...FOLDERS.flatMap(sourceFiles), ...readdirSync(ROOT).filter((name) => SOURCE.test(name))];
    // The walk must reach the code it guards, or the check below would pass on nothing.
    expect(files).toContain(join('apps', 'server', 'src', 'app.ts'));
    expect(files).toContain(join('apps', 'web', 'src', 'main.tsx'));
    expect(files).toContain('eslint.config.js');
    expect(files).toContain('README.md');
    expect(files).toContain(join('packages', 'contract', 'test', 'no-citations.test.ts'));

    const found = files.flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (citationsIn(line).length > 0 ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
