#!/usr/bin/env node
// `npm run dev`: the API with reload on :5000 and Vite on :5173 (it proxies /api to :5000).
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', 'dev', '-w', '@bulkparts/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@bulkparts/web'], { stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
