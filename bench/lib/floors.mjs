// The floors of bench/content-load.mjs: the bare indexed SELECT of the same data, one statement
// per answer, no hooks, no validation, no serializer beyond JSON.stringify. Each API row is
// measured next to one of these in the same run (bench/content-server.mjs serves them);
// bench/viewer-statement.mjs sends MY_DATA on its own.
const EVENT_COLUMNS = "e.id, e.title, e.description, e.starts_at, e.ends_at, e.place_id, e.organizer_id, e.price_type, e.price_amount";
export const UPCOMING = `SELECT ${EVENT_COLUMNS} FROM events e
  WHERE NOT e.hidden AND e.starts_at >= now() ORDER BY e.starts_at, e.id LIMIT 21`;
export const BY_PLACE = `SELECT ${EVENT_COLUMNS} FROM events e
  WHERE NOT e.hidden AND e.place_id = $1 AND e.starts_at >= now() ORDER BY e.starts_at, e.id LIMIT 21`;
export const EVENT = `SELECT ${EVENT_COLUMNS}, pl.name AS place_name, u.name AS organizer_name FROM events e
  LEFT JOIN places pl ON pl.id = e.place_id LEFT JOIN users u ON u.id = e.organizer_id WHERE e.id = $1`;
export const PLACE = `SELECT pl.*, u.name AS author_name FROM places pl LEFT JOIN users u ON u.id = pl.author_id WHERE pl.id = $1`;
export const MY_DATA = `SELECT u.*,
    (SELECT json_agg(json_build_array(f.target_kind, f.target_id)) FROM follows f WHERE f.follower_id = u.id) AS following,
    (SELECT count(*)::int FROM follows f WHERE f.target_kind = 'users' AND f.target_id = u.id) AS followers,
    (SELECT json_agg(a) FROM addresses a WHERE a.user_id = u.id) AS addresses
  FROM users u WHERE u.id = $1`;
