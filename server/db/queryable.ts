// The narrow SQL surface shared by a database handle and a transaction. It lives apart from
// client.ts so that modules client.ts depends on (migrations) can use it without a cycle.

export interface Queryable {
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}
