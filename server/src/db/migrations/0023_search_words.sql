-- Search (issue 38): the words of the searched texts, for typos. A typed word is compared by trigrams
-- with this list of words (thousands of short rows, one trigram index) instead of with every text that
-- shares its trigrams (the benchmark: 100–150 ms a search, whose typos pass read thousands of names,
-- offers and messages); the similar words found are then looked up through the texts' word indexes like
-- any typed word. Kept by triggers, in the transaction of the write, like the indexes of 0021.
-- Not unique: a word two writers add at once may be listed twice (the search reads it DISTINCT), and no
-- writer waits for another's transaction or deadlocks with it over a new word.
CREATE TABLE search_words (word text NOT NULL);
CREATE INDEX search_words_word_idx ON search_words (word);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

-- The words of a text a typo may stand for: the text's `simple` lexemes (those its word index holds) of
-- 4 to 32 letters; numbers, links and addresses are left out.
CREATE FUNCTION search_words_of(body text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT lexeme FROM unnest(to_tsvector('simple', body)) WHERE length(lexeme) BETWEEN 4 AND 32 AND lexeme !~ '[0-9[:punct:]]'
$$;

-- A row's searched columns (the trigger's arguments) add their new words.
CREATE FUNCTION search_words_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fields jsonb := to_jsonb(NEW);
  body text := '';
BEGIN
  FOR i IN 0 .. TG_NARGS - 1 LOOP
    body := body || ' ' || coalesce(fields ->> TG_ARGV[i], '');
  END LOOP;
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM search_words_of(body) AS w WHERE NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = w);
  RETURN NULL;
END
$$;

CREATE TRIGGER tasks_search_words AFTER INSERT OR UPDATE OF name, description ON tasks
  FOR EACH ROW EXECUTE FUNCTION search_words_keep('name', 'description');
CREATE TRIGGER task_documents_search_words AFTER INSERT OR UPDATE OF name, description ON task_documents
  FOR EACH ROW WHEN (NEW.type = 'offer') EXECUTE FUNCTION search_words_keep('name', 'description');
CREATE TRIGGER messages_search_words AFTER INSERT OR UPDATE OF body ON messages
  FOR EACH ROW WHEN (NEW.author_id IS NOT NULL) EXECUTE FUNCTION search_words_keep('body');

INSERT INTO search_words (word)
SELECT DISTINCT w FROM (
  SELECT search_words_of(name || ' ' || description) AS w FROM tasks
  UNION ALL SELECT search_words_of(name || ' ' || description) FROM task_documents WHERE type = 'offer'
  UNION ALL SELECT search_words_of(body) FROM messages WHERE deleted_at IS NULL AND author_id IS NOT NULL
) words;
