// Types of serve.js for the TypeScript journeys.
export interface StaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function serveStatic(options: {
  dir: string;
  port: number;
  host?: string;
  overrides?: Record<string, unknown>;
}): Promise<StaticServer>;
