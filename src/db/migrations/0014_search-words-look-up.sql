-- A search's look-up in the catalogue's vocabulary (src/server/modules/listings/search-words.queries.ts,
-- lookUpWords, which says what each part answers): near words of the misspelt, the whole words
-- among the earlier ones, whether the last word is complete, and each word's lexemes, for one type
-- of live listings. A function only so that PostgreSQL plans its statement once per connection:
-- sent as a statement, it was parsed and planned for every search (0.4-0.6 ms of its 0.6-1.5 at
-- 100,000 listings), and PostgreSQL never chose a generic plan for it by itself. The plan does not
-- depend on the words (index scans of search_words), so one generic plan serves every search.
-- docs/decisions/search.md, "The vocabulary look-up, planned once".
CREATE OR REPLACE FUNCTION search_words_look_up(list_type text, misspelt text[], earlier text[], last_word text, stemmed text[], nearest integer, nearest_swapped integer, complete_from integer)
RETURNS TABLE (near json, whole json, complete boolean, lexemes json)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  SELECT
    (SELECT coalesce(json_agg(json_build_array(found.typed, found.word, found.uses)), '[]') FROM (
      SELECT q.word AS typed, n.word, n.uses
      FROM unnest(misspelt) AS q(word)
      CROSS JOIN LATERAL (
        (SELECT s.word, CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END AS uses FROM search_words s
          WHERE CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END > 0 ORDER BY s.word <-> q.word LIMIT nearest)
        UNION
        (SELECT s.word, CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END FROM search_words s
          WHERE CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END > 0
          ORDER BY s.word <-> (substr(q.word, 2, 1) || substr(q.word, 1, 1) || substr(q.word, 3)) LIMIT nearest_swapped)
      ) AS n
      -- Words are letters and digits only (parseSearch), so nothing in them is a LIKE wildcard.
      WHERE NOT EXISTS (SELECT 1 FROM search_words p WHERE p.word LIKE q.word || '%' AND CASE list_type WHEN 'tools' THEN p.tools ELSE p.services END > 0)) AS found),
    (SELECT coalesce(json_agg(s.word), '[]') FROM search_words s WHERE s.word = ANY (earlier) AND CASE list_type WHEN 'tools' THEN s.tools ELSE s.services END > 0),
    -- Complete unless some live word beginning with the stem has other lexemes than the stem (a
    -- stop word has none). The stem's own length is checked again: it may be shorter than the word
    -- ("dying": die). A typed word that is a stop word, or more than one lexeme, gives no row: not
    -- complete; so does no last word (null).
    coalesce((SELECT length(typed.stem) >= complete_from AND NOT EXISTS (
        SELECT 1 FROM search_words p
        WHERE p.word LIKE typed.stem || '%' AND CASE list_type WHEN 'tools' THEN p.tools ELSE p.services END > 0 AND to_tsvector('english', p.word) <> typed.vector)
      FROM (SELECT v AS vector, (tsvector_to_array(v))[1] AS stem FROM to_tsvector('english', last_word) AS v) AS typed
      WHERE array_length(tsvector_to_array(typed.vector), 1) = 1), false),
    (SELECT coalesce(json_agg(tsvector_to_array(to_tsvector('english', st.word)) ORDER BY st.n), '[]')
      FROM unnest(stemmed) WITH ORDINALITY AS st(word, n));
END
$$;
