// Why Lighthouse's simulated LCP counted the scripts it counted, read from the unthrottled traces
// `bench/lighthouse.mjs --lhr <folder>` keeps (the rule itself: bench/lib/lighthouse-browser.mjs,
// scriptsInLcp). Lantern keeps a script that finished downloading before the trace's LCP (or never
// finished but started before it) unless the task that first evaluated it is still in its graph
// and started after that LCP; tasks under 10 ms are pruned from the graph, so a script evaluated
// after the LCP in a short task counts and one evaluated in a long task does not. Not modelled:
// a short task kept because it starts two or more requests or timers (printed per task, so a
// mismatch shows why), and nodes a kept node depends on being pulled back in. Prints, per script,
// when it finished downloading and its evaluating task, and the count the rule gives, to set
// beside the count bench/lighthouse.mjs printed for the same run.
//
//   node bench/lcp-scripts.mjs .bench/lhr/evento-*.trace.json
import fs from "node:fs";
import path from "node:path";
import { isTask, pageNavigation } from "./lib/trace.mjs";

const PRUNED_BELOW_US = 10_000;

for (const file of process.argv.slice(2)) {
  const raw = JSON.parse(fs.readFileSync(file, "utf8"));
  const events = raw.traceEvents ?? raw;
  const navigation = pageNavigation(events);
  const navigationId = navigation?.args.data.navigationId;
  const lcp = events.filter((e) => e.name === "largestContentfulPaint::Candidate" && e.args?.data?.navigationId === navigationId).at(-1);
  if (!navigation || !lcp) {
    console.log(`\n${path.basename(file)}: sin navegación o sin LCP en la traza`);
    continue;
  }
  const ms = (ts) => Math.round((ts - navigation.ts) / 1000);
  const sent = events.filter((e) => e.name === "ResourceSendRequest");
  const scripts = sent.filter((e) => e.args.data.resourceType === "Script");
  const finishedAt = new Map();
  for (const e of events) if (e.name === "ResourceFinish") finishedAt.set(e.args.data.requestId, e.args.data.finishTime ? e.args.data.finishTime * 1e6 : e.ts);
  const tasks = events.filter(isTask);
  const evaluations = events.filter((e) => e.name === "EvaluateScript" && e.args?.data?.url).sort((a, b) => a.ts - b.ts);
  const within = (task, e) => e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts <= task.ts + task.dur;
  console.log(`\n${path.basename(file)}: LCP de la traza a los ${ms(lcp.ts)} ms`);
  let counted = 0;
  for (const request of scripts) {
    const { url, requestId } = request.args.data;
    const end = finishedAt.get(requestId);
    const before = end === undefined ? request.ts <= lcp.ts : end <= lcp.ts;
    const evaluation = evaluations.find((e) => e.args.data.url === url);
    const task = evaluation && tasks.find((t) => within(t, evaluation) && t.ts + t.dur >= evaluation.ts + (evaluation.dur ?? 0));
    const excluded = before && task !== undefined && task.dur >= PRUNED_BELOW_US && task.ts > lcp.ts;
    if (before && !excluded) counted++;
    const verdict = !before ? "fuera: bajó después del LCP" : excluded ? "fuera: evaluado después del LCP en una tarea de 10 ms o más" : "cuenta";
    const started = task ? sent.filter((e) => within(task, e)).length + events.filter((e) => e.name === "TimerInstall" && within(task, e)).length : 0;
    const taskText = task ? `tarea a los ${ms(task.ts)} ms, ${(task.dur / 1000).toFixed(1)} ms, ${started} peticiones o temporizadores` : "sin tarea que lo evalúe";
    console.log(`  ${url.split("/").pop().padEnd(28)} bajó ${end === undefined ? "(sin terminar)" : `a los ${ms(end)} ms`} · ${taskText} → ${verdict}`);
  }
  console.log(`  scripts que cuenta la regla: ${counted}`);
}
