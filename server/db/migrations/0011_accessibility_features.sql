-- Structured accessibility (issue 12): the features an event or a place declares, as keys of
-- ACCESSIBILITY_FEATURES (lib/schemas/accessibility.ts), which the API validates. A text array
-- rather than one boolean column per feature, so adding a feature needs no migration, and
-- `@>` answers "declares all of these" for the filters that will read it. The free-text note
-- stays in the existing `accessibility` column.
ALTER TABLE events ADD COLUMN accessibility_features text[] NOT NULL DEFAULT '{}';
ALTER TABLE places ADD COLUMN accessibility_features text[] NOT NULL DEFAULT '{}';

-- A person's accessibility needs (same keys), private to them: events that declare all of them
-- are flagged "Accesible para ti" in the lists they see.
ALTER TABLE users ADD COLUMN accessibility_needs text[] NOT NULL DEFAULT '{}';
