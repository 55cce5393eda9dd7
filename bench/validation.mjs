// What validating a request costs the API (server/plugins/validation.ts), next to its floor in the
// same run: zod's own safeParse with no options, the least any zod validation can cost. "Con el
// mapa de errores" is safeParse given the Spanish error map, as every request paid before the
// validator parsed without it first. Inputs: an id's params (every detail read) and the events
// list's query, bare and with filters. Run with tsx (it imports the TypeScript schemas):
//
//   node --import tsx bench/validation.mjs [--iterations 200000] [--rounds 5]
//
// Prints the median µs per parse of each; asserts nothing.
import { parseArgs } from "node:util";
import { idParamsSchema } from "../lib/schemas/content.ts";
import { eventListQuerySchema } from "../lib/schemas/event-queries.ts";
import { spanishErrorMap, validatorCompiler } from "../server/plugins/validation.ts";

const { values } = parseArgs({
  options: { iterations: { type: "string", default: "200000" }, rounds: { type: "string", default: "5" } },
});
const iterations = Number(values.iterations);
const rounds = Number(values.rounds);

const inputs = [
  ["Parámetros de un id", idParamsSchema, (i) => ({ id: `bench-e-${i}` })],
  ["Consulta de la lista de eventos", eventListQuerySchema, () => ({ limit: "20" })],
  ["La lista, con filtros", eventListQuerySchema, () => ({ limit: "20", when: "week", category: "museo", maxPrice: "200" })],
];

function timeOne(parse, input) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) parse(input(i));
  return Number(process.hrtime.bigint() - started) / iterations / 1000;
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

console.log(`${iterations} validaciones por medición, ${rounds} rondas alternadas; mediana en µs por validación\n`);
console.log("| Entrada | suelo: safeParse sin opciones | con el mapa de errores | el validador de la API |");
console.log("| --- | ---: | ---: | ---: |");
for (const [title, schema, input] of inputs) {
  const validator = validatorCompiler({ schema, method: "GET", url: "/bench", httpPart: "querystring" });
  // The validator must accept these inputs, or it would be timing the error path.
  if (validator(input(0)).error) throw new Error(`${title}: la entrada de prueba no es válida`);
  const sides = {
    floor: (data) => schema.safeParse(data),
    withMap: (data) => schema.safeParse(data, { error: spanishErrorMap }),
    api: validator,
  };
  const times = { floor: [], withMap: [], api: [] };
  // A first pass of each, not counted: the optimising compiler has settled before timing starts.
  for (const parse of Object.values(sides)) timeOne(parse, input);
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 ? ["api", "withMap", "floor"] : ["floor", "withMap", "api"]) times[side].push(timeOne(sides[side], input));
  }
  console.log(`| ${title} | ${median(times.floor).toFixed(2)} | ${median(times.withMap).toFixed(2)} | ${median(times.api).toFixed(2)} |`);
}
