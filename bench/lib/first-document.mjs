// The first item of an API list, for benchmarks that open its page: the demo seed gives events
// new ids on every server start, so a bench asks the server it measures.

/** The first list of documents with an `_id` anywhere in an API answer. */
function firstDocuments(json) {
  if (Array.isArray(json) && json.length > 0 && json[0] && typeof json[0] === "object" && "_id" in json[0]) return json;
  if (json && typeof json === "object") {
    for (const value of Object.values(json)) {
      const found = firstDocuments(value);
      if (found) return found;
    }
  }
  return null;
}

/** The first document `GET /api<apiPath>` answers on the server at `base`. */
export async function firstDocument(base, apiPath) {
  const response = await fetch(`${base}/api${apiPath}`);
  if (!response.ok) throw new Error(`GET /api${apiPath}: HTTP ${response.status}`);
  const docs = firstDocuments(await response.json());
  if (!docs) throw new Error(`GET /api${apiPath} no devolvió documentos con _id`);
  return docs[0];
}

/**
 * The address of the page an A/B bench opens on the server at `base`: `path` itself, or with
 * "evento" that server's first event (ids differ between the two versions' seeds).
 */
export async function pageOnServer(base, path) {
  if (path !== "evento") return `${base}${path}`;
  return `${base}/events/${(await firstDocument(base, "/events"))._id}`;
}
