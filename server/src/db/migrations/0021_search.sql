-- Search (issue 38): what "find anything" reads, kept by expression indexes, so every write updates them
-- in its own transaction and no column or trigger has to be kept by hand. The search module builds its
-- conditions from the very same expressions (server/src/db/text-search.ts): a changed expression here
-- must change there too, or the planner stops using the index.
-- Words: full text search with the `simple` configuration (no stemming, lower case, any language), a
-- word start matched as a prefix (`оплат:*` finds "оплата", "оплати"). Typos: pg_trgm's word similarity.
-- docs/decisions.md "Search" says why.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX tasks_name_words_idx ON tasks USING gin (to_tsvector('simple', name));
CREATE INDEX tasks_name_trgm_idx ON tasks USING gin (name gin_trgm_ops);
CREATE INDEX tasks_description_words_idx ON tasks USING gin (to_tsvector('simple', description));
CREATE INDEX tasks_description_trgm_idx ON tasks USING gin (description gin_trgm_ops);

CREATE INDEX task_documents_words_idx ON task_documents USING gin (to_tsvector('simple', name || ' ' || description)) WHERE type = 'offer';
CREATE INDEX task_documents_trgm_idx ON task_documents USING gin ((name || ' ' || description) gin_trgm_ops) WHERE type = 'offer';

CREATE INDEX messages_body_words_idx ON messages USING gin (to_tsvector('simple', body)) WHERE deleted_at IS NULL;
CREATE INDEX messages_body_trgm_idx ON messages USING gin (body gin_trgm_ops) WHERE deleted_at IS NULL;
