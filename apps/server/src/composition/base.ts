import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/env.js';
import type { Database } from '../db/database.js';

/** What every part of the composition root is built from: the config, the database and the app's log. */
export interface Base {
  config: AppConfig;
  db: Database['db'];
  engine: Database['engine'];
  log: FastifyBaseLogger;
}
