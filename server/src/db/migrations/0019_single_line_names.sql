-- Issue 35 E5c: names are single lines (shared/src/contract/validation.ts, asSingleLine): a line break or
-- tab in a name went into mail subjects and Telegram lines as a forged line. Names written before the
-- rule lose theirs too.
UPDATE projects SET name = regexp_replace(name, '[\r\n\t\u0085\u2028\u2029]', '', 'g') WHERE name ~ '[\r\n\t\u0085\u2028\u2029]';
UPDATE tasks SET name = regexp_replace(name, '[\r\n\t\u0085\u2028\u2029]', '', 'g') WHERE name ~ '[\r\n\t\u0085\u2028\u2029]';
UPDATE task_documents SET name = regexp_replace(name, '[\r\n\t\u0085\u2028\u2029]', '', 'g') WHERE name ~ '[\r\n\t\u0085\u2028\u2029]';
UPDATE users SET
  firstname = regexp_replace(firstname, '[\r\n\t\u0085\u2028\u2029]', '', 'g'),
  lastname = regexp_replace(lastname, '[\r\n\t\u0085\u2028\u2029]', '', 'g'),
  nickname = regexp_replace(nickname, '[\r\n\t\u0085\u2028\u2029]', '', 'g')
WHERE concat(firstname, lastname, nickname) ~ '[\r\n\t\u0085\u2028\u2029]';
