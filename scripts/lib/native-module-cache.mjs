// better-sqlite3's compiled addon, kept per machine outside the clone, as prebuild-install would
// keep a downloaded prebuilt one (~/.npm/_prebuilds) if this machine could reach GitHub. The key is
// everything the addon's loading depends on: the package version, Node's module ABI, the platform
// and the architecture. A cached addon is used only when it loads; otherwise `npm test` compiles
// it as before and stores the result (ADR 0024).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import path from 'node:path';

const requireFromServer = createRequire(path.resolve('apps/server/package.json'));
const packageDir = path.dirname(requireFromServer.resolve('better-sqlite3/package.json'));
const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
const addon = path.join(packageDir, 'build', 'Release', 'better_sqlite3.node');
const cacheDir = path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'bulkparts', 'native');
export const cachedNativeModule = path.join(cacheDir, `better-sqlite3-${version}-abi${process.versions.modules}-${process.platform}-${process.arch}.node`);

/** Whether better-sqlite3's native module loads (it is missing after `npm ci --ignore-scripts`). */
export const nativeModuleLoads = () =>
  spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: 'apps/server', stdio: 'ignore' }).status === 0;

/** Puts the cached addon in place when there is one; true when the module then loads. */
export function restoreNativeModule() {
  if (!existsSync(cachedNativeModule)) return false;
  mkdirSync(path.dirname(addon), { recursive: true });
  copyFileSync(cachedNativeModule, addon);
  return nativeModuleLoads();
}

/** Keeps the addon just compiled for the next clone on this machine (written whole, then renamed). */
export function storeNativeModule() {
  if (!existsSync(addon)) return;
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${cachedNativeModule}.${process.pid}`;
  copyFileSync(addon, partial);
  renameSync(partial, cachedNativeModule);
}
