import type { FastifySerializerCompiler } from "fastify";
import fastJson from "fast-json-stringify";
import { z } from "zod";

// Answers are written by a serializer compiled once per route and status from the JSON Schema
// the route's zod schema already produces for the OpenAPI reference (fast-json-stringify), not
// by parsing every answer with zod at run time: under load that parse was most of a list's CPU
// (docs/operations/rendimiento-bitacora.md). Fields the schema does not declare are left out, as zod's
// parse left them out. Where answers must be checked against the contract (tests), `validate`
// parses them with zod first, so a handler that drifts from its schema still fails there.

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [X, { type: "null" }]` (zod's `.nullable()`) as `X` with "null" in its types:
 * fast-json-stringify picks an anyOf branch by validating the value against each one, per value;
 * a type list is a plain typeof check.
 */
function simplifyNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyNullable);
  if (schema === null || typeof schema !== "object") return schema;
  const node = Object.fromEntries(Object.entries(schema as JsonSchema).map(([key, value]) => [key, simplifyNullable(value)])) as JsonSchema;
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => branch.type === "null" && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && other && typeof other.type === "string" && other.anyOf === undefined && other.$ref === undefined) {
      const merged: JsonSchema = { ...node, ...other, type: [other.type, "null"] };
      delete merged.anyOf;
      // An enum or const of a nullable value must also admit null.
      if (Array.isArray(merged.enum)) merged.enum = [...(merged.enum as unknown[]), null];
      if ("const" in merged) {
        merged.enum = [merged.const, null];
        delete merged.const;
      }
      return merged;
    }
  }
  return node;
}

/** The JSON Schema fast-json-stringify compiles for an answer's zod schema. */
export function answerJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return simplifyNullable(json) as JsonSchema;
}

export class ResponseContractError extends Error {
  constructor(method: string, url: string, cause: unknown) {
    super(`La respuesta de ${method} ${url} no cumple su esquema`, { cause });
    this.name = "ResponseContractError";
  }
}

type Stringify = (data: unknown) => string;

export function createSerializerCompiler({ validate }: { validate: boolean }): FastifySerializerCompiler<z.ZodType> {
  // Many routes answer the same shapes (the error body, an item): compiled once per JSON Schema.
  const compiled = new Map<string, Stringify>();
  const compile = (schema: z.ZodType): Stringify => {
    const json = answerJsonSchema(schema);
    const key = JSON.stringify(json);
    let stringify = compiled.get(key);
    if (!stringify) {
      stringify = fastJson(json as unknown as Parameters<typeof fastJson>[0]) as Stringify;
      compiled.set(key, stringify);
    }
    return stringify;
  };
  return ({ schema, method, url }) => {
    // Compiled on the route's first answer, not at start: hundreds of route × status pairs would
    // otherwise be compiled before the server listens, most of them error shapes rarely sent.
    let stringify: Stringify | null = null;
    return (data) => {
      if (validate) {
        const result = z.safeEncode(schema, data);
        if (!result.success) throw new ResponseContractError(method, url, result.error);
      }
      stringify ??= compile(schema);
      return stringify(data);
    };
  };
}
