-- What a person follows, in the order they followed it: every profile answer of their own
-- (my-data, initial data at each start, their edits) lists it oldest first. The primary key finds
-- the rows but in kind-and-id order, so PostgreSQL fetched each row from the table and sorted them;
-- this index gives them already in order and carries every column read (an index-only scan). With
-- 20 follows a person, the ordered read took 56–67 µs a statement instead of 73–121, as much as
-- the unordered read of the primary key (docs/operations/rendimiento-bitacora.md, "Lo que sigue una
-- persona, en su orden"). One more index to keep on each follow and unfollow.
CREATE INDEX follows_follower_order_idx ON follows (follower_id, created_at, target_id) INCLUDE (target_kind);
