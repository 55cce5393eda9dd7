// Why Lighthouse's simulated LCP counted the scripts it counted, read from the unthrottled traces
// `bench/lighthouse.mjs --lhr <folder>` keeps. Lantern (FirstContentfulPaint.getRenderBlockingNodeData
// and PageDependencyGraph in @paulirish/trace_engine) keeps every script that finished downloading
// before the trace's LCP, unless the task that first evaluated it is still in its graph and started
// after that LCP. Tasks under 10 ms are pruned from the graph (unless connected to several nodes),
// so a script that evaluates quickly counts and one that evaluates slowly does not. This prints,
// per script, when it finished downloading and its evaluating task (start, duration), and the
// count that rule gives, to set beside the count bench/lighthouse.mjs printed for the same run.
// The connectivity exception is not modelled: a mismatch in the counts would show it.
//
//   node bench/lcp-scripts.mjs .bench/lhr/evento-*.trace.json
import fs from "node:fs";
import path from "node:path";

const PRUNED_BELOW_US = 10_000;

for (const file of process.argv.slice(2)) {
  const raw = JSON.parse(fs.readFileSync(file, "utf8"));
  const events = raw.traceEvents ?? raw;
  const navigation = events.find((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.startsWith("http"));
  const lcp = events.filter((e) => e.name === "largestContentfulPaint::Candidate").at(-1);
  if (!navigation || !lcp) {
    console.log(`\n${path.basename(file)}: sin navegación o sin LCP en la traza`);
    continue;
  }
  const ms = (ts) => Math.round((ts - navigation.ts) / 1000);
  const urlOf = new Map(events.filter((e) => e.name === "ResourceSendRequest").map((e) => [e.args.data.requestId, e.args.data.url]));
  const downloaded = new Map();
  for (const e of events) if (e.name === "ResourceFinish") downloaded.set(urlOf.get(e.args.data.requestId), e.args.data.finishTime ? e.args.data.finishTime * 1e6 : e.ts);
  const tasks = events.filter((e) => e.ph === "X" && e.dur && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask"));
  const evaluations = events.filter((e) => e.name === "EvaluateScript" && e.args?.data?.url?.includes("/_next/")).sort((a, b) => a.ts - b.ts);
  console.log(`\n${path.basename(file)}: LCP de la traza a los ${ms(lcp.ts)} ms`);
  let counted = 0;
  const seen = new Set();
  for (const evaluation of evaluations) {
    const url = evaluation.args.data.url;
    if (seen.has(url)) continue;
    seen.add(url);
    const task = tasks.find((t) => t.pid === evaluation.pid && t.tid === evaluation.tid && t.ts <= evaluation.ts && t.ts + t.dur >= evaluation.ts + (evaluation.dur ?? 0));
    const end = downloaded.get(url);
    const before = end !== undefined && end <= lcp.ts;
    const excluded = before && task !== undefined && task.dur >= PRUNED_BELOW_US && task.ts > lcp.ts;
    const verdict = !before ? "fuera: bajó después del LCP" : excluded ? "fuera: su tarea dura 10 ms o más y empezó después del LCP" : "cuenta";
    if (before && !excluded) counted++;
    const taskText = task ? `tarea a los ${ms(task.ts)} ms, ${(task.dur / 1000).toFixed(1)} ms` : "tarea sin encontrar";
    console.log(`  ${url.split("/").pop().padEnd(28)} bajó a los ${end !== undefined ? ms(end) : "?"} ms · ${taskText} → ${verdict}`);
  }
  console.log(`  scripts que cuenta la regla: ${counted}`);
}
