import type { Queryable } from "../db/client";

// What PostgreSQL (or PGlite) does with a statement, for tests that check how a read is made.

export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
}

/** The plan of `sql` with `params`, as EXPLAIN (FORMAT JSON) gives it; `analyze` runs it and counts rows. */
export async function explain(db: Queryable, sql: string, params: unknown[], { analyze = false } = {}): Promise<PlanNode> {
  const [explained] = await db.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (${analyze ? "ANALYZE, " : ""}FORMAT JSON) ${sql}`, params);
  // PGlite returns the JSON as text, node-postgres parses it.
  const raw = explained!["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return plan[0]!.Plan;
}

/** A plan node and every node under it, subplans included. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}
