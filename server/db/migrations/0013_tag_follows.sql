-- Tags can be followed like people, events, places, news and communities (issue 12): a followed
-- tag feeds "Eventos para ti" and tells its followers of new events that carry it. The target id
-- is the tag's id (slugs can be renamed by admins; ids stay).
ALTER TABLE follows DROP CONSTRAINT follows_target_kind_check;
ALTER TABLE follows ADD CONSTRAINT follows_target_kind_check
  CHECK (target_kind IN ('users', 'events', 'places', 'news', 'communities', 'tags'));
