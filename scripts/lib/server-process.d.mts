import type { ChildProcess } from 'node:child_process';

export const root: string;
export function freePort(from?: number, to?: number): Promise<number>;
export function tempDataDir(prefix?: string): string;
export function freshPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }>;
export interface ServerProcess {
  url: string;
  port: number;
  pid: number | undefined;
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
export function startServer(options?: {
  env?: Record<string, string>;
  port?: number;
  mode?: 'auto' | 'source' | 'dist';
  nodeArgs?: string[];
  log?: boolean;
  timeoutMs?: number;
}): Promise<ServerProcess>;
export function signUp(
  baseUrl: string,
  user?: { email?: string; password?: string; name?: string; headers?: Record<string, string>; dataDir?: string },
): Promise<{ email: string; password: string; cookie: string }>;
