// Types of scripts/build.mjs for the TypeScript tests that import it.
export const ROOT: string;
export const SERVER_DIST: string;
export function inputsHash(root?: string, env?: NodeJS.ProcessEnv): string;
export function isBuildCurrent(root?: string): boolean;
export function buildEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function buildAll(): Promise<void>;
