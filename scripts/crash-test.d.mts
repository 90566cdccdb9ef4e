export interface CrashResult {
  skipped?: string;
  engine: string;
  acknowledged: number;
  stored: number;
  failures: Record<string, number>;
  initialStock: number;
  stockAfter: number;
  sold: number;
  integrity: string;
  violations: string[];
}
export function crashTest(options?: {
  engine?: 'sqlite' | 'postgres';
  concurrency?: number;
  killAfterMs?: number;
  mode?: 'auto' | 'source' | 'dist';
}): Promise<CrashResult>;
