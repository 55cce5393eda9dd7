import { EMBED_HEIGHT_MESSAGE } from "../../../lib/schemas/embed-options";

// /api/embed.js: the one line a venue pastes,
//   <script src="https://…/api/embed.js" data-community-id="…" data-theme="dark" async></script>
// inserts the agenda's <iframe> right after itself and sizes it to the height the page reports.
// Plaza's origin comes from the script's own address, so the same file works on any deployment.
// Only messages from that frame and that origin are heeded, and the height is bounded.
export const EMBED_SCRIPT = `(function () {
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src).origin;
  var frameId = "plaza-embed-" + Math.random().toString(36).slice(2);
  var params = new URLSearchParams();
  ["placeId", "communityId", "tag", "when", "category", "mode", "free", "theme", "layout", "limit"].forEach(function (name) {
    var value = script.dataset[name];
    if (value) params.set(name, value);
  });
  params.set("frame", frameId);
  var frame = document.createElement("iframe");
  frame.src = origin + "/api/embed/agenda?" + params.toString();
  frame.title = script.dataset.title || "Agenda de Plaza";
  frame.setAttribute("loading", "lazy");
  frame.style.cssText = "display:block;width:100%;height:320px;border:0;color-scheme:normal";
  script.parentNode.insertBefore(frame, script.nextSibling);
  window.addEventListener("message", function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.type !== ${JSON.stringify(EMBED_HEIGHT_MESSAGE)} || data.frame !== frameId) return;
    var height = Math.min(Math.max(Number(data.height) || 0, 80), 4000);
    frame.style.height = height + "px";
  });
})();
`;
