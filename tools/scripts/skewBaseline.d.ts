// Types of skewBaseline.js for the TypeScript journeys.
export interface SkewBaseline {
  ref: string;
  commit: string;
  dir: string;
  dist(app: string): string;
  otherContract: { app: string; contract: string; dist: string };
}

export const DEFAULT_REF: string;

export function skewBaseline(options?: {
  ref?: string;
  log?: (line: string) => void;
}): Promise<SkewBaseline>;
