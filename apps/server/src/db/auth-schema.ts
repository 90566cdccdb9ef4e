/** better-auth's tables, as its Kysely adapter reads and writes them (camelCase columns). */
type Bool = number | boolean;
type Timestamp = string | Date;

export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  twoFactorEnabled: Bool | null;
  role: string | null;
}

export interface AuthSessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  /** Issue 32: the punchout session this browser session was opened for (migration 20261211000100), else null. */
  punchoutId?: string | null;
}

export interface AuthAccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AuthTables {
  user: AuthUserTable;
  session: AuthSessionTable;
  account: AuthAccountTable;
}
