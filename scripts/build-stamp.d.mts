export interface BuildTarget {
  name: string;
  workspace: string;
  /** Relative to the repository root. */
  stampFile: string;
  /** Files and folders (relative to the root) whose content decides whether to rebuild. */
  sources: string[];
}
export type BuildDecision =
  | { build: false; reason: 'unchanged'; stamp: string }
  | { build: false; reason: 'worker'; stamp: null }
  | { build: true; reason: 'first' | 'changed'; stamp: string };
export function stampOf(root: string, entries: string[]): string;
export const TARGETS: BuildTarget[];
export function buildDecision(
  root: string,
  target: BuildTarget,
  options?: { worker?: boolean },
): BuildDecision;
export function writeStamp(root: string, target: BuildTarget, stamp: string): void;
